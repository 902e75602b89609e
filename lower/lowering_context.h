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
// come from a NameSupply, and the function owning a node is found on the inline stack. The
// context counts its steps (values lowered, items made) against the kernel's and the module's
// budgets and the depth of the values it recurses through (lowering_limits.h): past one the
// lowering is refused, never a stack overflow or an unbounded output.
#pragma once

#include <cstdint>
#include <functional>
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

  /// What the sharded rule (shard_rule.h) lowers a body on: the mesh every kernel thread is a
  /// position of, the mesh of the barrier over all of them (the grid barrier's all-`cta` mesh
  /// when it spans CTAs, else the block's threads), and the storage distributed values are gathered
  /// through: smem when the mesh lies within one CTA, gmem when it spans CTAs.
  struct Sharding {
    Mesh mesh;
    Mesh barrier;
    StorageKind stage = StorageKind::Smem;
    bool spans_ctas() const { return stage == StorageKind::Gmem; }
  };
  /// Sets the sharding of the whole body (before anything is lowered).
  void set_sharding(Sharding s) { sharding_ = std::move(s); }
  /// The body's sharding, or null outside the sharded rule.
  const Sharding* sharding() const { return sharding_ ? &*sharding_ : nullptr; }

  /// A TIR value call of `op` (a registered op name) typed by its rule.
  Result<Expr> call(tir::TirOp op, std::vector<Expr> args, std::vector<NamedAttr> attrs = {}) const;
  /// Binds `value` to a fresh Var named after `hint` (an item) and returns the Var.
  Result<Expr> bind(std::string_view hint, Expr value);
  /// A fresh buffer of `like`'s shape and `dtype` in registers:
  /// `let NAME = alloc_tensor(tensor_type=...)`; inside a region, a row value's shape takes the
  /// region's leading axes and layout instead.
  Result<Expr> alloc(const TensorType& like, DType dtype, std::string_view hint);
  /// `let NAME = alloc_tensor(tensor_type=Tensor[shape, dtype, layout, storage])`, as given.
  Result<Expr> alloc_buffer(std::vector<ShapeDim> shape, DType dtype, std::optional<LayoutBase> layout, StorageKind storage,
                            std::string_view hint);

  /// A part of the rows of a row-wise body (grid_plan.h): what a row value, a tensor whose shape
  /// starts with `rows`, becomes in it.
  struct Region {
    std::vector<ShapeDim> rows;  ///< the leading axes L of the row values
    std::vector<ShapeDim> part;  ///< what replaces them: (G, T, k), or (tail,)
    /// The distribution of a row value with trailing shape X in the part (null: none).
    std::function<LayoutBase(const std::vector<std::int64_t>& trailing)> layout;
  };
  /// Starts a region: later allocs of row values take the region's leading axes and layout,
  /// and nothing lowered before is reused (each region lowers the body afresh). Ends with
  /// end_region, which forgets what the region lowered.
  void begin_region(Region region);
  void end_region();
  /// Axis `axis` (in [0, rank)) of a value of HIR shape `shape`, in the TIR value that stands
  /// for it: past the leading axes of a row value inside a region it moves with them.
  std::int64_t axis(const std::vector<ShapeDim>& shape, std::int64_t axis) const;
  /// The axes `axes` (each in [0, rank)) of a reduction of a value of HIR shape `shape`: as
  /// axis() each, except that inside a region the leading axes of a row value, when named,
  /// become every axis of the part (a reduction across rows spans the threads' rows).
  std::vector<std::int64_t> reduce_axes(const std::vector<ShapeDim>& shape, const std::vector<std::int64_t>& axes) const;
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
  // The function whose binding names or places `e`: an inlined callee (innermost first), the
  // function lowered, or another of the module's; null when none does.
  const hir::Function* owner_of(const ExprNode& e) const;
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
  std::optional<Region> region_;
  std::optional<Sharding> sharding_;
  int loops_ = 0;
  std::size_t& module_steps_;
  std::size_t steps_ = 0;               ///< this kernel's steps so far
  std::vector<const ExprNode*> nodes_;  ///< the HIR nodes being lowered, outermost first
  std::vector<Inlined> inlining_;       ///< the calls being inlined, outermost first
  std::size_t inlined_ = 0;             ///< the calls inlined so far
};

}  // namespace tf::lower
