// LoweringContext: what HirToTirPass's rules build one kernel body with.
//
// Design note. Lowering is two-phase (the shape upstream's pass has, which keeps the rules
// trivial and every Var's identity): rules append items to a flat list, each either a binding
// `let v = value` or a statement, and fold() nests them at the end, each binding's LetStmt
// taking everything after it as its body. The TIR value of each lowered HIR node is memoised by
// node, so a subexpression the HIR DAG shares is lowered once. TIR calls are built typed through
// the ops' registered typeinfer rules, so what the rules build is what the TIR verifier checks;
// a refusal is a diagnostic at the HIR binding the node came from (its source location and
// name), never a wrong program.
//
// Cost. Lowering is linear in what it emits: closing a scope (a loop body, an inlined call)
// undoes the memo entries made inside it from a log instead of copying the memo, fresh names
// come from a NameSupply, and a node's binding name and place are on the node itself. The
// context counts its steps (values lowered, items made) against the kernel's and the module's
// budgets and the depth of the values it recurses through (lowering_limits.h): past one the
// lowering is refused, never a stack overflow or an unbounded output.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "ir/core/context.h"
#include "ir/core/function_call.h"
#include "ir/core/module.h"
#include "ir/hir/function.h"
#include "ir/layout/mesh.h"
#include "ir/support/name_supply.h"
#include "ir/tir/sequential.h"
#include "ir/tir/tir_ops.h"
#include "ir/type/tensor_type.h"
#include "lower/call_graph.h"
#include "lower/lowering_limits.h"

namespace tf::lower {

class LoweringContext {
 public:
  /// Lowers `fn` of `module`, whose functions and calls `calls` indexes. `module_steps` counts
  /// the steps of every kernel of the pass (kMaxModuleSteps); this one's are added to it.
  LoweringContext(const Context& ctx, const Module& module, const CallGraph& calls, const hir::Function& fn,
                  std::size_t& module_steps)
      : ctx_(ctx), module_(module), calls_(calls), fn_(fn), module_steps_(module_steps) {}

  const Context& ir() const { return ctx_; }
  /// The module being lowered.
  const Module& module() const { return module_; }
  /// The module's functions by name and its call refusals.
  const CallGraph& calls() const { return calls_; }
  const hir::Function& function() const { return fn_; }

  /// The TIR value of HIR node `e` when it has been lowered, else null.
  const Expr* lowered(const ExprNode* e) const;
  /// Records the TIR value of HIR node `e`. (The sharded rule also keys a distributed TIR
  /// value's gathered copy by the TIR node, so that it closes with the body as values do.)
  void remember(const ExprNode* e, Expr value);

  /// Enters the lowering of HIR node `e` (lower_held), a step: the refusal when the values being
  /// lowered would nest deeper than kMaxValueDepth or a budget is spent. Each successful
  /// enter_node is paired with leave_node.
  Result<bool> enter_node(const ExprNode& e);
  void leave_node() { nodes_.pop_back(); }

  /// A TIR value call of `op` (a registered op name) typed by its rule.
  Result<Expr> call(tir::TirOp op, std::vector<Expr> args, std::vector<NamedAttr> attrs = {}) const;
  /// Binds `value` to a fresh Var named after `hint` (an item) and returns the Var.
  Result<Expr> bind(std::string_view hint, Expr value);
  /// `let NAME = alloc_tensor(tensor_type=Tensor[shape, dtype, layout, storage])`, as given (a
  /// value's register buffer under a strategy is rule_support.h's alloc_value).
  Result<Expr> alloc_buffer(std::vector<ShapeDim> shape, DType dtype, std::optional<LayoutBase> layout, StorageKind storage,
                            std::string_view hint);

  /// Starts a region, the lowering of the body for one part of a grid's rows (grid_part.h):
  /// nothing lowered before is reused (each part lowers the body afresh, its row values held
  /// differently). Ends with end_region, which forgets what the region lowered. Regions do not
  /// nest.
  void begin_region();
  void end_region();
  /// Appends the effect op `op(args, attrs)` as a statement.
  Result<bool> emit(tir::TirOp op, std::vector<Expr> args, std::vector<NamedAttr> attrs = {});

  /// Appends a statement built by a rule (a loop). It is a step, which the next bind, emit or
  /// enter_node holds against the budgets.
  void append(tir::Stmt stmt) {
    step();
    bodies_.back().push_back(Item{nullptr, nullptr, std::move(stmt)});
  }
  /// Starts a nested body (a loop's): later items go to it, and what is lowered inside it is
  /// forgotten when it ends (its Vars are out of scope after it).
  void open_body();
  /// Ends the innermost body opened by open_body: its items folded into nested LetStmts.
  Result<tir::SequentialRef> close_body();
  /// Marks the bodies lowered between them as a loop's (nesting counts).
  void enter_loop() { ++loops_; }
  void leave_loop() { --loops_; }
  /// True inside a loop body.
  bool in_loop() const { return loops_ > 0; }
  /// Starts inlining `callee` at `call`: what is lowered until end_inline is forgotten after it
  /// (the callee's nodes mean other values at another call), while items go on in the current
  /// body.
  void begin_inline(const FunctionCall& call, const hir::Function& callee);
  void end_inline();
  /// How many calls are being inlined, one inside the other.
  std::size_t inline_depth() const { return inlining_.size(); }

  /// The values of a node that has several (a loop with several carries), for TupleGetItem and
  /// for the outputs of a function returning it; null when it has one.
  const std::vector<Expr>* parts(const ExprNode* e) const;
  void remember_parts(const ExprNode* e, std::vector<Expr> parts) { parts_[e] = std::move(parts); }

  /// The function body's items folded into nested LetStmts.
  Result<tir::SequentialRef> fold() const;

  /// A refusal of HIR node `e`: "cannot lower OP (binding NAME): REASON", placed at its binding.
  Diagnostic refusal(const ExprNode& e, std::string_view what, std::string_view reason) const;
  /// The name of a MeshScope binding the rules call `base` ("p", "tail", "lead", ...): `base`
  /// unless a parameter has that name (a binding would hide it in the printed text), then
  /// `base_1`, ...; the same name for the same base, and no let takes it.
  std::string scope_name(std::string_view base);
  /// The binding name the source gave `e`, or "".
  std::string binding_name(const ExprNode& e) const;

 private:
  struct Item {
    VarRef var;     ///< a binding's Var (null for a statement)
    Expr value;     ///< a binding's value
    tir::Stmt stmt; ///< a statement (null for a binding)
  };

  // What a scope made of the memo: the entries it added or replaced (with the values they
  // replaced), undone when it closes; or, for a region, the whole memo before it.
  struct MemoScope {
    std::vector<std::pair<const ExprNode*, std::optional<Expr>>> undo;
    std::optional<std::unordered_map<const ExprNode*, Expr>> replaced;
  };
  // An inlined call and its callee.
  struct Inlined {
    const FunctionCall* call;
    const hir::Function* callee;
  };

  std::string fresh(std::string_view hint);
  void init_names();  // the parameters' names and the scope names, taken before any let's
  static Result<tir::SequentialRef> fold(const std::vector<Item>& items);
  void open_memo_scope();
  void close_memo_scope();
  void step() {
    ++steps_;
    ++module_steps_;
  }
  // The refusal once this kernel has taken kMaxKernelSteps steps, or the pass kMaxModuleSteps.
  Result<bool> within_budget() const;
  // A refusal for `reason` where the lowering stands: at the outermost call being inlined, else
  // at the node being lowered.
  Diagnostic refusal_here(const std::string& reason) const;

  const Context& ctx_;
  const Module& module_;
  const CallGraph& calls_;
  const hir::Function& fn_;
  std::vector<std::vector<Item>> bodies_{1};  ///< the function body, then each open nested body
  std::vector<std::size_t> lets_{0};          ///< the bindings of each open body
  std::size_t open_lets_ = 0;                 ///< their sum: the lets enclosing the next item
  std::unordered_map<const ExprNode*, Expr> lowered_;
  std::vector<MemoScope> memo_scopes_;  ///< one per open body, inlined call and region
  std::unordered_map<const ExprNode*, std::vector<Expr>> parts_;
  NameSupply names_;  ///< every name given out, the parameters' too
  std::unordered_map<std::string, std::string> scope_names_;  ///< scope_name's, by base
  bool names_initialized_ = false;
  bool in_region_ = false;
  int loops_ = 0;
  std::size_t& module_steps_;
  std::size_t steps_ = 0;               ///< this kernel's steps so far
  std::vector<const ExprNode*> nodes_;  ///< the HIR nodes being lowered, outermost first
  std::vector<Inlined> inlining_;       ///< the calls being inlined, outermost first
  std::size_t inlined_ = 0;             ///< the calls inlined so far
};

}  // namespace tf::lower
