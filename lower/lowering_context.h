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
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "ir/core/context.h"
#include "ir/core/module.h"
#include "ir/hir/function.h"
#include "ir/layout/mesh.h"
#include "ir/tir/sequential.h"
#include "ir/type/tensor_type.h"

namespace tf::lower {

class LoweringContext {
 public:
  LoweringContext(const Context& ctx, const Module& module, const hir::Function& fn)
      : ctx_(ctx), module_(module), fn_(fn) {}

  const Context& ir() const { return ctx_; }
  /// The module being lowered (callees are looked up in it).
  const Module& module() const { return module_; }
  const hir::Function& function() const { return fn_; }

  /// The TIR value of HIR node `e` when it has been lowered, else null.
  const Expr* lowered(const ExprNode* e) const;
  /// Records the TIR value of HIR node `e`. (The sharded rule also keys a distributed TIR
  /// value's gathered copy by the TIR node, so that it closes with the body as values do.)
  void remember(const ExprNode* e, Expr value) { lowered_[e] = std::move(value); }

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
  Result<Expr> call(std::string_view op, std::vector<Expr> args, std::vector<NamedAttr> attrs = {}) const;
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
  Result<bool> emit(std::string_view op, std::vector<Expr> args, std::vector<NamedAttr> attrs = {});

  /// Appends a statement built by a rule (a loop).
  void append(tir::Stmt stmt) { bodies_.back().push_back(Item{nullptr, nullptr, std::move(stmt)}); }
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
  /// Starts an inlined call: what is lowered until end_inline is forgotten after it (the
  /// callee's nodes mean other values at another call), while items go on in the current body.
  void begin_inline() { saved_.push_back(lowered_); }
  void end_inline() {
    lowered_ = std::move(saved_.back());
    saved_.pop_back();
  }

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

  std::string fresh(std::string_view hint);
  void init_names();  // the parameters' names and the scope names, taken before any let's
  static Result<tir::SequentialRef> fold(const std::vector<Item>& items);

  const Context& ctx_;
  const Module& module_;
  const hir::Function& fn_;
  std::vector<std::vector<Item>> bodies_{1};  ///< the function body, then each open nested body
  std::unordered_map<const ExprNode*, Expr> lowered_;
  std::vector<std::unordered_map<const ExprNode*, Expr>> saved_;  ///< lowered_ at each open_body
  std::unordered_map<const ExprNode*, std::vector<Expr>> parts_;
  std::unordered_set<std::string> names_;  ///< every name given out, the parameters' too
  std::unordered_map<std::string, std::string> scope_names_;  ///< scope_name's, by base
  bool names_initialized_ = false;
  std::optional<Region> region_;
  std::optional<Sharding> sharding_;
  int loops_ = 0;
};

}  // namespace tf::lower
