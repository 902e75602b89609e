// The HIR reference evaluator (docs/hir-semantics.md, "Evaluation").
//
// Design note. A function body is a DAG of expressions; evaluation walks it from the root,
// memoized by node identity within a scope (one scope per function activation and per loop
// iteration), so a shared sub-DAG is computed once. A scope maps the function's parameters (and
// a loop's induction variable and carried Vars) to values and holds the function's DimVar
// binding: every bare DimVar extent of every parameter is bound from the argument's shape, and a
// second occurrence must agree. A `@f(...)` call evaluates its arguments in the caller's scope
// and the callee in a fresh scope; a dispatch prototype selects the one variant whose DimVar
// range holds the argument's extent. A grid loop resolves start / stop / step, then runs: a
// carried loop evaluates all yields per iteration and replaces the carries simultaneously (zero
// trips give the inits); a loop without carries yields its last body value (zero trips are an
// error). Ops run through their EvalHirHandler (op_eval.h).
// Every error is a Diagnostic naming the op, the IR path (`f.body.args[0]`, binding names where
// the source gave them) and the rule id where one applies; nothing throws for bad input.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "eval/hir/binding_observer.h"
#include "eval/value/eval_limits.h"
#include "eval/value/memory_budget.h"
#include "eval/value/value.h"
#include "ir/core/module.h"
#include "ir/dim/dim_eval.h"
#include "ir/core/op_handlers.h"
#include "ir/hir/function.h"
#include "ir/support/result.h"

namespace tf::eval {

/// Settings of one evaluation.
struct HirEvalOptions {
  const OpHandlers* handlers = nullptr;  ///< tables holding the eval handlers (register_hir_eval)
  /// DimVar values given by the user (`--dim N=5`, a case's `dim N = 5`), by name. A parameter
  /// extent bound from an input must agree with them.
  std::map<std::string, std::int64_t> dims;
  /// Called once per evaluated op Call (tests count memoization with it); may be empty.
  std::function<void(const Call&)> on_op;
  /// Called once per evaluation of a named binding, with its value and where it was evaluated
  /// (binding_observer.h: `tf eval --dump-values`); may be empty, which costs nothing more.
  BindingObserver on_binding;
  /// The memory and step budgets (eval_limits.h). The memory budget is ignored when the caller
  /// has installed a MemoryBudgetScope (tf eval does, to charge the inputs too).
  EvalLimits limits;
};


/// Asks every running evaluation to stop at its next step with "interrupted (Ctrl-C)" (safe to
/// call from a signal handler); clear_interrupt() resets it.
void request_interrupt();
void clear_interrupt();
/// Whether request_interrupt was called since the last clear_interrupt.
bool interrupt_requested();

/// "OP: its result needs N bytes with M live; the memory budget is B bytes (--max-memory)".
std::string memory_budget_message(std::string_view op, const MemoryBudgetExceeded& e);

/// Evaluates `function` of `module` on `inputs` (one per parameter, already of the parameter
/// dtypes: see convert_input). Diagnostics: a wrong input count, rank or static extent, a DimVar
/// bound twice to different extents or outside its envelope, no variant for a prototype, and
/// every run-time error of the body.
Result<Value> evaluate_function(const Module& module, const hir::Function& function,
                                std::vector<Value> inputs, const HirEvalOptions& options);

/// Every DimVar `function` mentions, in first-seen order: in its parameter types, and in the
/// types, dim-valued attributes and loop bounds of its body (what a `--dim` may name).
std::vector<DimVarRef> dim_vars_of(const hir::Function& function);

/// Binds the DimVars of a function's parameters (design note): the user's values first (by name,
/// each a DimVar in `known`), then every bare DimVar extent from its input's shape (a second
/// occurrence must agree), then checks every extent of every parameter against its input.
/// `params` and `shapes` run in parallel (an input per parameter). Diagnostics: an unknown
/// `--dim` name, a value outside its envelope, a rank or extent that differs (category Usage), a
/// DimVar bound twice to different extents (Eval).
std::optional<Diagnostic> bind_input_dims(std::string_view function, const std::vector<VarRef>& params,
                                          const std::vector<Shape>& shapes, const std::vector<DimVarRef>& known,
                                          const std::map<std::string, std::int64_t>& user_dims, DimBinding& dims);

/// The DimVars of the types of `params`, in first-seen order.
std::vector<DimVarRef> dim_vars_of(const std::vector<VarRef>& params);

/// The HIR function a run names: `name`, else the module's entry, else the module's last func
/// that is not a variant (docs/tfir.md section 2). Diagnostic (category Usage) listing the
/// module's functions of every kind when there is none: a name of a prim_func or an extern says
/// so (a prim_func runs on the TIR machine model), an unknown name gets the nearest names.
Result<const hir::Function*> find_function_to_run(const Module& module, const std::string& name);

/// An input for parameter `param` converted at the boundary (D4): a tensor of another dtype of
/// the same kind (float or block-scaled to float or block-scaled, integer to integer) is cast to
/// the parameter dtype with that dtype's default mode (an .npy file's raw u8 / u16 codes are
/// taken bit for bit before this: eval/value/npy_boundary.h). Diagnostic (category Usage)
/// naming the parameter when the rank or a static extent differs or the kinds differ.
Result<Tensor> convert_input(const Tensor& input, const Var& param);

}  // namespace tf::eval
