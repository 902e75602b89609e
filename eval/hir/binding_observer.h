// What the HIR evaluator tells an observer of its bindings (HirEvalOptions::on_binding): each
// value a source named (`t = mul(x, two)`), as it is evaluated, with where the evaluation is.
//
// Design note. A body is a DAG walked from its result and memoized per scope (evaluator.h), so a
// binding is evaluated once per function activation or loop iteration that needs it, in the
// walk's order, and never when the result does not depend on it. Where an evaluation is, is the
// chain of activations and loop iterations around it (EvalPlace, outermost first; the first is
// always the run's own function, its call 1), which tells the evaluations of one binding apart:
// a callee's activations are numbered per function in the order they start, a loop iteration
// by its induction variable's value. The evaluator keeps that chain only while an observer is
// set: without one the hook costs a test of an empty std::function per evaluated node.
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <string>

#include "eval/value/value.h"
#include "ir/core/binding_info.h"
#include "ir/core/expr.h"
#include "ir/core/var.h"

namespace tf::hir {
class Function;
}

namespace tf::eval {

/// One step of where an evaluation is (design note).
struct EvalPlace {
  enum class Kind : std::uint8_t { Call, Iteration };
  Kind kind = Kind::Call;
  const hir::Function* function = nullptr;  ///< Call: the function that runs (a prototype's variant)
  std::int64_t call = 0;                    ///< Call: 1 for its first activation in the run, 2, ...
  const Var* induction = nullptr;           ///< Iteration: the loop's induction variable
  std::int64_t index = 0;                   ///< Iteration: its value
};

/// A named value just evaluated: the node, its binding (a non-empty name), its value and where.
struct BoundValue {
  const ExprNode& node;
  const BindingInfo& binding;
  const Value& value;
  std::span<const EvalPlace> where;  ///< outermost first; valid during the call only
};

/// Called once per evaluation of a named binding (design note).
using BindingObserver = std::function<void(const BoundValue&)>;

/// `where` as a reader tells evaluations apart: its steps after the first (the run's own
/// function), joined by ", ": "@g call 2" for an activation, "i=3" for an iteration; "" for a
/// binding of the run's function outside any loop.
std::string where_text(std::span<const EvalPlace> where);

}  // namespace tf::eval
