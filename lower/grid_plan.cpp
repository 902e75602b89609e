#include "lower/grid_plan.h"
#include "ir/hir/broadcast.h"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <string_view>
#include <unordered_map>
#include <unordered_set>

#include "ir/core/call.h"
#include "ir/core/constant.h"
#include "ir/core/kind_attrs.h"
#include "ir/core/tuple.h"
#include "ir/core/numerics_spaces.h"
#include "ir/core/var.h"
#include "ir/hir/math_ops.h"
#include "ir/hir/nn_ops.h"
#include "ir/hir/tensor_ops.h"
#include "ir/layout/mesh_slice.h"
#include "ir/numerics/block_format_of.h"
#include "ir/type/tensor_type.h"
#include "ir/type/tuple_type.h"
#include "lower/lowering_limits.h"
#include "lower/rule_support.h"

namespace tf::lower {

GridGeometry grid_geometry(std::int64_t n, std::int64_t most_per_thread) {
  TF_CHECK(n >= 1 && most_per_thread >= 1, "grid_geometry of {} rows, at most {} a thread", n, most_per_thread);
  GridGeometry g;
  g.threads = static_cast<std::int64_t>(std::bit_floor(static_cast<std::uint64_t>(std::min<std::int64_t>(n, 256))));
  g.ctas = std::clamp<std::int64_t>(n / (8 * g.threads), 1, 64);
  g.per_thread = n / (g.ctas * g.threads);
  if (g.per_thread > most_per_thread) {
    g.per_thread = most_per_thread;
    g.ctas = n / (g.threads * g.per_thread);
  }
  g.main = g.ctas * g.threads * g.per_thread;
  g.tail = n - g.main;
  return g;
}

namespace {

bool starts_with(const std::vector<ShapeDim>& shape, const std::vector<ShapeDim>& prefix) {
  return shape.size() >= prefix.size() && std::equal(prefix.begin(), prefix.end(), shape.begin());
}

enum class Kind {
  Elementwise, Reduce, SoftMax, RMSNorm, LayerNorm, MatMul, Quant, RoPE, Reshape, ArgMax, TopK, IndexSelect,
  Transpose, Slice, Split, Join, Other
};

// What the grid rule knows of `op`, by its typed identity (the op's family and code).
// Why a block-scaled value has no row-wise rule at `rows` leading axes, or nullopt: a parameter,
// a quantize and a dequantize split by rows short of the last axis (blocks run along it, so a
// thread's rows hold whole blocks), each static; an NVFP4 quantize does not (its tensor scale is
// the whole tensor's amax).
std::optional<std::string> block_scaled_refusal(const ExprNode& e, const TensorType& t, std::size_t rows) {
  if (!static_extents(t.shape)) return "a block-scaled value of symbolic extent";
  if (const Call* c = e.as<Call>()) {  // what no rows would change first
    if (hir::tensor_op_kind(c->op) != hir::TensorOp::Cast) return fmt::format("{} of a block-scaled value", c->op.name());
    Result<numerics::BlockScaleFormat> f = numerics::block_scale_format_of(t.dtype);
    const auto method = optional_enum_value<numerics::ScaleMethod>(c->attr("scale_method"));
    if (f.ok() && method.value_or(numerics::default_scale_method(*f)) == numerics::ScaleMethod::Nvfp4)
      return "an NVFP4 quantize (its tensor scale comes from the whole tensor's amax)";
  }
  if (rows >= t.shape.size()) return "a block-scaled value split along its last axis (its blocks' axis)";
  return std::nullopt;
}

Kind kind_of(Op op) {
  if (hir::math_op_kind(op)) return Kind::Elementwise;  // Binary, Unary, Clamp, Softplus
  if (const std::optional<hir::NnOp> n = hir::nn_op_kind(op)) {
    switch (*n) {
      case hir::NnOp::ReLU:
      case hir::NnOp::Sigmoid:
      case hir::NnOp::Tanh:
      case hir::NnOp::Gelu:
      case hir::NnOp::Silu:
        return Kind::Elementwise;
      default:
        break;
    }
    if (*n == hir::NnOp::SoftMax) return Kind::SoftMax;
    if (*n == hir::NnOp::RMSNorm) return Kind::RMSNorm;
    if (*n == hir::NnOp::LayerNorm) return Kind::LayerNorm;
    if (*n == hir::NnOp::MatMul) return Kind::MatMul;
    if (*n == hir::NnOp::RoPE) return Kind::RoPE;  // a tuple value (decide_tuple)
    return Kind::Other;
  }
  if (const std::optional<hir::TensorOp> t = hir::tensor_op_kind(op)) {
    if (*t == hir::TensorOp::Cast || *t == hir::TensorOp::FullLike || *t == hir::TensorOp::Zeros || *t == hir::TensorOp::Where)
      return Kind::Elementwise;
    if (*t == hir::TensorOp::Reduce) return Kind::Reduce;
    if (*t == hir::TensorOp::Quant) return Kind::Quant;  // a tuple value (decide_tuple)
    if (*t == hir::TensorOp::Reshape) return Kind::Reshape;
    if (*t == hir::TensorOp::ArgMax) return Kind::ArgMax;
    if (*t == hir::TensorOp::TopK) return Kind::TopK;  // a tuple value (decide_tuple)
    if (*t == hir::TensorOp::IndexSelect) return Kind::IndexSelect;
    if (*t == hir::TensorOp::Transpose) return Kind::Transpose;
    if (*t == hir::TensorOp::Slice) return Kind::Slice;
    if (*t == hir::TensorOp::Split) return Kind::Split;  // a tuple value (decide_tuple)
    if (*t == hir::TensorOp::Concat || *t == hir::TensorOp::Stack) return Kind::Join;
  }
  return Kind::Other;
}

bool is_tensor_op(Op op, hir::TensorOp which) { return hir::tensor_op_kind(op) == which; }

std::int64_t normalized(std::int64_t axis, std::size_t rank) { return axis < 0 ? axis + static_cast<std::int64_t>(rank) : axis; }

// Classifies every value the results reach as row or shared for the leading axes `rows`
// (grid_plan.h); false when the function is not row-wise there.
class RowWalk {
 public:
  RowWalk(const hir::Function& fn, std::vector<ShapeDim> rows) : rows_(std::move(rows)) {
    for (const VarRef& p : fn.params()) params_.insert(p.get());
  }

  // True when the body is row-wise; a result may be shared (written once by thread 0 of CTA
  // 0) as long as some value is a row value.
  bool run(const std::vector<Expr>& results) {
    for (const Expr& r : results) {
      if (!classify(r.get())) return false;
      // A shared parameter of a row value's shape (seed_shared_operand) cannot be written as
      // rows (each part writes only its own rows of an output), nor rope's positions (seeded
      // as rows) as a shared output.
      const auto* t = r->type()->as<TensorType>();
      if (t != nullptr && row_.at(r.get()) != (!t->shape.empty() && starts_with(t->shape, rows_))) {
        refuse("a value computed once for every row has the shape of a row value, or the reverse");
        return false;
      }
    }
    if (trailing_.empty()) refuse("no value is a row value");
    return !trailing_.empty();
  }
  /// Why run() returned false: the first condition the body broke.
  const std::string& why_not() const { return why_not_; }
  /// True when a reduction crosses rows (a CTA collective: one CTA, no tail).
  bool crosses_rows() const { return crosses_rows_; }
  /// True when a row's work is a matmul's (K x N products), not a few elements: one row a thread.
  bool heavy_rows() const { return heavy_rows_; }
  std::vector<std::vector<std::int64_t>> trailing() const { return trailing_; }
  // The values shared although their shape is a row value's: parameters (seed_shared_operand)
  // and values computed whole from shared ones (decide), parameters first, then in the order met.
  std::vector<const ExprNode*> shared_row_shaped(const hir::Function& fn) const {
    std::vector<const ExprNode*> out;
    for (const VarRef& p : fn.params()) {
      auto it = row_.find(p.get());
      const auto* t = p->type()->as<TensorType>();
      if (it != row_.end() && !it->second && t != nullptr && !t->shape.empty() && starts_with(t->shape, rows_)) out.push_back(p.get());
    }
    out.insert(out.end(), made_whole_.begin(), made_whole_.end());
    return out;
  }
  // Per parameter: whether it is rope's positions, viewed as rows by broadcasting (seed_positions).
  std::vector<bool> broadcast_params(const hir::Function& fn) const {
    std::vector<bool> out;
    for (const VarRef& p : fn.params()) out.push_back(broadcast_.count(p.get()) != 0);
    return out;
  }
  std::vector<bool> row_params(const hir::Function& fn) const {
    std::vector<bool> out;
    for (const VarRef& p : fn.params()) {
      auto it = row_.find(p.get());
      out.push_back(it != row_.end() && it->second);
    }
    return out;
  }

 private:
  // Post-order without recursion (a body may be thousands of bindings deep).
  std::optional<bool> classify(const ExprNode* root) {
    std::vector<std::pair<const ExprNode*, bool>> stack{{root, false}};
    while (!stack.empty()) {
      auto [e, expanded] = stack.back();
      stack.pop_back();
      if (row_.count(e) != 0) continue;
      const Call* c = e->as<Call>();
      if (c != nullptr && !expanded) {
        stack.push_back({e, true});
        seed_shared_operand(*c);
        for (const Expr& a : c->args) stack.push_back({a.get(), false});
        continue;
      }
      if (const auto* tuple = e->as<Tuple>(); tuple != nullptr && !expanded) {  // a slice's starts
        stack.push_back({e, true});
        for (const Expr& a : tuple->elements) stack.push_back({a.get(), false});
        continue;
      }
      if (const auto* item = e->as<TupleGetItem>(); item != nullptr && !expanded) {
        stack.push_back({e, true});
        stack.push_back({item->tuple.get(), false});
        continue;
      }
      std::optional<bool> row = decide(*e);
      if (!row) {
        refuse("a value breaks a row-wise condition");  // decide() names the condition first
        return std::nullopt;
      }
      row_[e] = *row;
    }
    return row_.at(root);
  }

  // A matmul's b is shared when it is a parameter not met before, whatever its shape: a square b
  // (K == M) starts with the rows' axes, yet the rule reads it whole and never asks its shape. So
  // is a parameter operand of an op without a row-wise rule (a transposed weight of the rows'
  // shape): such an op takes no row value, so nothing is lost. Any other use of it then sees a
  // shared value (and refuses a row operand); the plan lists these (GridPart::shared_row_shaped).
  void seed_shared_operand(const Call& c) {
    auto seed = [&](const ExprNode* p) {
      if (p->as<Var>() != nullptr && params_.count(p) != 0 && row_.count(p) == 0) row_[p] = false;
    };
    if (kind_of(c.op) == Kind::MatMul && c.args.size() == 2) seed(c.args[1].get());
    if (kind_of(c.op) == Kind::RoPE && c.args.size() == 5) seed_positions(c.args[4].get());
    const Kind kind = kind_of(c.op);
    if (kind == Kind::Other || ((kind == Kind::Transpose || kind == Kind::Slice) && !keeps_rows(c)))
      for (const Expr& a : c.args) seed(a.get());
  }

  // True when mover `c` (transpose, slice, split, concat, stack) leaves the leading axes as they
  // are, so each row of its value is made from the same row of its operands: a transpose fixing
  // them, a slice taking them whole with literal starts everywhere, a split or a join along an
  // axis past them.
  bool keeps_rows(const Call& c) const {
    if (c.args.empty()) return false;
    const auto m = static_cast<std::int64_t>(rows_.size());
    const auto* x = c.args[0]->type()->as<TensorType>();
    if (x == nullptr) return false;
    const std::size_t rank = x->shape.size();
    switch (kind_of(c.op)) {
      case Kind::Transpose: {
        const auto& perm = std::get<std::vector<std::int64_t>>(c.attr("perm"));
        for (std::int64_t i = 0; i < m && i < static_cast<std::int64_t>(perm.size()); ++i)
          if (normalized(perm[static_cast<std::size_t>(i)], rank) != i) return false;
        return true;
      }
      case Kind::Slice: {
        const auto* starts = c.args[1]->as<Tuple>();
        const auto& sizes = std::get<std::vector<ShapeDim>>(c.attr("sizes"));
        const auto& steps = std::get<std::vector<ShapeDim>>(c.attr("strides"));
        if (starts == nullptr || starts->elements.size() != rank || sizes.size() != rank || steps.size() != rank) return false;
        for (std::size_t i = 0; i < rank; ++i) {
          const std::optional<std::int64_t> start = literal_start(starts->elements[i]);
          if (!start) return false;
          if (static_cast<std::int64_t>(i) < m && (*start != 0 || !(sizes[i] == x->shape[i]) || !(steps[i] == ShapeDim(1))))
            return false;
        }
        return true;
      }
      case Kind::Split:
      case Kind::Join: {  // a stack's axis is the new one, counted in the result's rank
        const std::size_t out_rank = is_tensor_op(c.op, hir::TensorOp::Stack) ? rank + 1 : rank;
        return normalized(std::get<std::int64_t>(c.attr("axis")), out_rank) >= m;
      }
      default:
        return false;
    }
  }

  // True when an operand of row-valued call `c` is a value every thread computes whole though it
  // is shaped like a row value (decide): a row-wise rule would read it as rows it is not.
  bool reads_whole_as_rows(const Call& c) const {
    return std::any_of(c.args.begin(), c.args.end(), [&](const Expr& a) { return made_whole_set_.count(a.get()) != 0; });
  }

  // True when `e` is held in row-major order in storage of its own: a parameter, or the value of
  // a call the serial rules write into a fresh buffer (any op but the views: transpose, slice,
  // reshape, a split's parts).
  bool fresh_buffer(const ExprNode& e) const {
    if (e.as<Var>() != nullptr) return params_.count(&e) != 0;
    const Call* c = e.as<Call>();
    if (c == nullptr) return false;
    const Kind kind = kind_of(c->op);
    return kind != Kind::Transpose && kind != Kind::Slice && kind != Kind::Reshape;
  }

  // True when `c`'s value, made of shared operands only, is a view of a parameter or of a fresh
  // shared buffer (a causal mask's `arange` of the rows) that the serial rule makes without a
  // copy and whose elements lie in row-major order (a reshape, or a slice whose window is
  // contiguous, of static shapes): shaped like a row value, each thread views its own rows of it
  // (GridPart::view_rows), as it views a parameter's. A transpose's view is strided, and a part
  // of it (a run of its rows) has no strided form the emitter takes.
  bool views_shared(const Call& c) const {
    const Kind kind = kind_of(c.op);
    if ((kind != Kind::Slice && kind != Kind::Reshape) || c.args.empty()) return false;
    const auto* x = c.args[0]->type()->as<TensorType>();
    const auto* t = c.type()->as<TensorType>();
    if (!fresh_buffer(*c.args[0]) || x == nullptr || t == nullptr || !static_extents(x->shape) || !static_extents(t->shape)) return false;
    if (kind == Kind::Reshape) return true;
    // A window is contiguous when every axis after the first one it cuts is whole, with steps of 1.
    const auto& sizes = std::get<std::vector<ShapeDim>>(c.attr("sizes"));
    const auto& steps = std::get<std::vector<ShapeDim>>(c.attr("strides"));
    if (sizes.size() != x->shape.size() || steps.size() != x->shape.size()) return false;
    bool cut = false;
    for (std::size_t i = 0; i < sizes.size(); ++i) {
      if (cut && !(sizes[i] == x->shape[i])) return false;
      if (!(steps[i] == ShapeDim(1)) && !(sizes[i] == ShapeDim(1))) return false;
      cut = cut || !(sizes[i] == ShapeDim(1));
    }
    return true;
  }

  // rope's pos_ids over the rows (1, S): a parameter of shape (S,) not met before is a row value,
  // each row's position (the plan views it as (1, S), GridPlan::broadcast_params). Any other use
  // of it then sees a row value of another shape (and refuses). Over (B, S) with B > 1 a view
  // would repeat pos_ids B times, which no layout may (TYPES.2.TENSOR.injective-layout): the rows
  // are then (B,) and pos_ids is shared.
  void seed_positions(const ExprNode* pos) {
    const auto* t = pos->type()->as<TensorType>();
    if (rows_.size() != 2 || !(rows_[0] == ShapeDim(1)) || pos->as<Var>() == nullptr || params_.count(pos) == 0 || row_.count(pos) != 0 || t == nullptr ||
        t->shape.size() != 1 || !(t->shape[0] == rows_[1]))
      return;
    row_[pos] = true;
    broadcast_.insert(pos);
    record(rows_);
  }

  // The kind of `e`, its operands decided; nullopt when it breaks a condition.
  std::optional<bool> decide(const ExprNode& e) {
    if (const auto* tuple = e.as<Tuple>()) {  // a slice's starts: shared scalars
      for (const Expr& a : tuple->elements)
        if (row_.at(a.get())) return refuse("a tuple holds a row value");
      return false;
    }
    if (const auto* tt = e.type()->as<TupleType>()) return decide_tuple(e, *tt);
    const auto* t = e.type()->as<TensorType>();
    if (t == nullptr) return refuse("a value is not a tensor (a tuple)");
    if (t->dtype.is_compound())
      if (std::optional<std::string> why = block_scaled_refusal(e, *t, rows_.size())) return refuse(*why);
    if (t->shape.empty() ? t->layout && t->layout->is_shard() : t->layout.has_value())
      return refuse("a value carries a layout of its own");
    const bool row_shaped = !t->shape.empty() && starts_with(t->shape, rows_);
    bool row = false;
    bool from_shared = false;  // a call of shared operands only (not a reduction across the rows)
    if (e.as<Var>() != nullptr) {
      if (params_.count(&e) == 0) return refuse("a loop's variable or carry (loops have no row-wise rule)");
      row = row_shaped;
    } else if (e.as<Constant>() != nullptr) {
      row = false;
    } else if (const auto* item = e.as<TupleGetItem>()) {
      const auto found = row_.find(item->tuple.get());
      if (found == row_.end()) return refuse("a field of a tuple the rules do not make");
      row = found->second;
    } else if (const Call* c = e.as<Call>()) {
      const Kind kind = kind_of(c->op);
      for (const Expr& a : c->args) row = row || row_.at(a.get());
      from_shared = !row;
      if (is_tensor_op(c->op, hir::TensorOp::Zeros)) row = row_shaped;
      // A call of shared operands only is shared, whatever its op: every thread computes it
      // whole with the serial rules (a transposed weight, a table).
      if (row && kind == Kind::Other) return refuse(fmt::format("{} has no row-wise rule", c->op.name()));
      const bool viewed = !row && row_shaped && views_shared(*c);  // each thread views its rows of it
      if (row && reads_whole_as_rows(*c)) return refuse("a value of a row value's shape that every thread computes whole is read as rows");
      if (row && (kind == Kind::Transpose || kind == Kind::Slice || kind == Kind::Join) && !keeps_rows(*c))
        return refuse(fmt::format("{} moves the leading axes", c->op.name()));
      if ((row || row_shaped) && kind == Kind::MatMul && !static_past_rows(*c))
        return refuse("a matmul whose extents past the rows are symbolic is computed element by element by one thread");
      if ((row || row_shaped) && kind == Kind::MatMul && !streams(*c))
        return refuse(fmt::format("a matmul of at most {} products is materialized by one thread", kMaxMatmulProducts));
      if (row && kind == Kind::MatMul) heavy_rows_ = true;
      if (row && kind == Kind::Reduce && reduces_rows(*c)) {
        // Across every row (a CTA collective): its value is shared, whole in every thread.
        if (!reduces_all_rows(*c)) return refuse("a reduction over part of the leading axes, or keeping them");
        crosses_rows_ = true;
        row = false;
      } else if (row && !operands_fit(*c, kind, *t)) {
        return refuse(fmt::format("{}'s operands do not keep the leading axes apart (a broadcast across them, or an "
                                  "axis among them)", c->op.name()));
      }
      row = row || viewed;
    } else {
      return refuse("a loop or a call (they have no row-wise rule)");
    }
    if (!row && row_shaped && from_shared && fresh_buffer(e) && t->dtype.is_simple() && static_extents(t->shape)) {
      // A value every thread computes whole from shared ones although it has a row value's shape
      // (an arange of the rows): shared, in its own buffer; a reshape or a contiguous slice of it
      // is viewed by rows (views_shared) and a shared use reads it whole, but no row-wise use
      // may read it as rows (checked above).
      made_whole_.push_back(&e);
      made_whole_set_.insert(&e);
      return false;
    }
    if (row != row_shaped)  // a shared value shaped like a row value, or the reverse
      return refuse("a value computed once for every row has the shape of a row value, or the reverse");
    if (row && !record(t->shape)) return refuse("a row value has a symbolic or zero extent");
    if (const Call* c = e.as<Call>(); c != nullptr && (kind_of(c->op) == Kind::SoftMax || kind_of(c->op) == Kind::LayerNorm)) {
      // Its statistics (the shape with the axis kept as 1) are buffers of their own, of the
      // same kind: a shared softmax's must not look like a row value's either.
      std::vector<ShapeDim> kept = t->shape;
      kept[static_cast<std::size_t>(normalized(std::get<std::int64_t>(c->attr("axis")), kept.size()))] = ShapeDim(1);
      if (row) record(kept);
      else if (starts_with(kept, rows_)) return refuse(fmt::format("a shared {}'s statistics have the shape of a row value", c->op.name()));
    }
    return row;
  }

  // A tuple-valued call: shared when its operands are; a quant of a row value whose groups lie
  // past the leading axes is a row value (its fields, the codes and the scales, are row values
  // of their own, each a thread's rows' groups), and so is a rope over (B,) or (1, S) (design
  // note); nothing else is. Its fields are decided by their TupleGetItems.
  std::optional<bool> decide_tuple(const ExprNode& e, const TupleType& tt) {
    const Call* c = e.as<Call>();
    if (c == nullptr) return refuse("a value is not a tensor (a tuple)");
    bool row = false;
    for (const Expr& a : c->args) row = row || row_.at(a.get());
    if (row && reads_whole_as_rows(*c)) return refuse("a value of a row value's shape that every thread computes whole is read as rows");
    if (!row) {  // shared: no field may look like a row value (a shape says which kind a value is)
      for (const IRType& field : tt.fields)
        if (const auto* t = field->as<TensorType>(); t != nullptr && !t->shape.empty() && starts_with(t->shape, rows_))
          return refuse("a value computed once for every row has the shape of a row value, or the reverse");
      return false;
    }
    const Kind kind = kind_of(c->op);
    if (kind != Kind::Quant && kind != Kind::RoPE && kind != Kind::TopK && kind != Kind::Split)
      return refuse(fmt::format("{} of a row value makes a tuple (no row-wise rule)", c->op.name()));
    if (kind == Kind::Split && !keeps_rows(*c)) return refuse("a split along one of the leading axes");
    if (kind == Kind::TopK && normalized(std::get<std::int64_t>(c->attr("axis")), c->args[0]->type()->as<TensorType>()->shape.size()) <
                                  static_cast<std::int64_t>(rows_.size()))
      return refuse("a topk along one of the leading axes");
    if (kind == Kind::Quant && c->args[0]->type()->as<TensorType>()->shape.size() <= rows_.size())
      return refuse("a quant whose groups lie along the leading axes");
    if (kind == Kind::RoPE) {
      const bool positions_ok = rows_.size() == 1 ? !row_.at(c->args[4].get()) : broadcast_.count(c->args[4].get()) != 0;
      if (rows_.size() > 2 || !row_.at(c->args[0].get()) || !row_.at(c->args[1].get()) || row_.at(c->args[2].get()) ||
          row_.at(c->args[3].get()) || !positions_ok)
        return refuse("a rope over other rows than (B,) or (1, S) of q and k, or whose positions over (1, S) are not a parameter of its own");
    }
    for (const IRType& field : tt.fields) {
      const auto* t = field->as<TensorType>();
      if (t != nullptr && t->dtype.is_compound())
        if (std::optional<std::string> why = block_scaled_refusal(e, *t, rows_.size())) return refuse(*why);
      if (t == nullptr || !starts_with(t->shape, rows_) || !record(t->shape))
        return refuse(fmt::format("{}'s results are not row values of static trailing extents", c->op.name()));
    }
    return true;
  }

  // The operand conditions of a row-valued call of `kind` with result type `t`.
  bool operands_fit(const Call& c, Kind kind, const TensorType& t) const {
    const std::size_t m = rows_.size();
    auto is_row = [&](std::size_t i) { return row_.at(c.args[i].get()); };
    auto rank = [&](std::size_t i) { return c.args[i]->type()->as<TensorType>()->shape.size(); };
    switch (kind) {
      case Kind::Elementwise:  // a shared operand broadcasts along the leading axes: none of its axes, or one of extent 1
        for (std::size_t i = 0; i < c.args.size(); ++i) {
          if (is_row(i)) {
            if (rank(i) != t.shape.size()) return false;
            continue;
          }
          // A part holds a row value as at least one leading axis and X: one more axis of extent 1
          // broadcasts over the part's rows, more would outrank the tail's (tail, X).
          if (rank(i) + m > t.shape.size() + 1) return false;
          const std::vector<ShapeDim>& shape = c.args[i]->type()->as<TensorType>()->shape;
          for (std::size_t p = 0; p + t.shape.size() < rank(i) + m; ++p)  // operand axis p lies over result axis p + t.rank - rank(i) < m
            if (!(shape[p] == ShapeDim(1))) return false;
        }
        return true;
      case Kind::Reduce: {
        for (std::int64_t a : std::get<std::vector<std::int64_t>>(c.attr("axes")))
          if (normalized(a, rank(0)) < static_cast<std::int64_t>(m)) return false;
        return true;
      }
      case Kind::SoftMax:
        return normalized(std::get<std::int64_t>(c.attr("axis")), rank(0)) >= static_cast<std::int64_t>(m);
      case Kind::RMSNorm:
        return is_row(0) && !is_row(1) && rank(0) > m;
      case Kind::LayerNorm:  // one normalised axis, the last: a part's rows are not viewed as (rows, n)
        return is_row(0) && !is_row(1) && !is_row(2) && rank(0) > m &&
               normalized(std::get<std::int64_t>(c.attr("axis")), rank(0)) == static_cast<std::int64_t>(rank(0)) - 1;
      case Kind::MatMul:  // the rows of the output are a's (every axis but N leading); b shared, 2-D
        return m + 1 == t.shape.size() && is_row(0) && !is_row(1) && rank(0) == t.shape.size() && rank(1) == 2;
      case Kind::Reshape:  // a row value to a row value: each row's elements in row-major order stay its own
        return is_row(0) && t.shape.size() >= m;
      case Kind::ArgMax:  // along an axis past the leading ones: each line in one thread
        return normalized(std::get<std::int64_t>(c.attr("axis")), rank(0)) >= static_cast<std::int64_t>(m);
      case Kind::IndexSelect: {  // along an axis past them with a shared index, or an index of the rows into a shared x
        const std::int64_t dim = normalized(std::get<std::int64_t>(c.attr("dim")), rank(0));
        if (is_row(0)) return !is_row(1) && dim >= static_cast<std::int64_t>(m);
        return m == 1 && dim == 0 && is_row(1);
      }
      case Kind::Transpose:  // keeps_rows, checked by decide
      case Kind::Slice:
        return is_row(0);
      case Kind::Join:  // every input a row value, joined past the leading axes
        for (std::size_t i = 0; i < c.args.size(); ++i)
          if (!is_row(i)) return false;
        return true;
      case Kind::TopK:  // tuple-valued: decide_tuple
      case Kind::Split:
      case Kind::Quant:  // tuple-valued: decide_tuple
      case Kind::RoPE:
      case Kind::Other:
        return false;
    }
    return false;
  }

  // True when matmul `c`'s extents past a's first axis (a grid's rows) are static: a's (M, K) or
  // its batch axes past the first, and all of b's.
  static bool static_past_rows(const Call& c) {
    const std::vector<ShapeDim>& a = c.args[0]->type()->as<TensorType>()->shape;
    const std::vector<ShapeDim>& b = c.args[1]->type()->as<TensorType>()->shape;
    auto fixed = [](const ShapeDim& d) { return d.is_static(); };
    return std::all_of(a.begin() + (a.empty() ? 0 : 1), a.end(), fixed) && std::all_of(b.begin(), b.end(), fixed);
  }

  // True when matmul `c` has more than kMaxMatmulProducts products (static shapes): the rule
  // streams it, and only then is spreading its rows worth a grid.
  static bool streams(const Call& c) {
    std::vector<ShapeDim> extents = c.args[0]->type()->as<TensorType>()->shape;  // (batch..., M, K)
    extents.push_back(c.args[1]->type()->as<TensorType>()->shape.back());           // N
    std::int64_t products = 1;
    for (const ShapeDim& d : extents)
      if (!d.is_static() || __builtin_mul_overflow(products, d.value(), &products)) return true;
    return products > kMaxMatmulProducts;
  }

  // True when reduce `c` (of a row value) names one of the leading axes.
  bool reduces_rows(const Call& c) const {
    const std::size_t rank = c.args[0]->type()->as<TensorType>()->shape.size();
    for (std::int64_t a : std::get<std::vector<std::int64_t>>(c.attr("axes")))
      if (normalized(a, rank) < static_cast<std::int64_t>(rows_.size())) return true;
    return false;
  }
  // True when it names every leading axis and drops them (keepdim=false): the row axes become
  // the CTA's threads, which a reduce over part of them, or keeping them, cannot express.
  bool reduces_all_rows(const Call& c) const {
    const std::size_t rank = c.args[0]->type()->as<TensorType>()->shape.size();
    std::vector<bool> named(rows_.size(), false);
    for (std::int64_t a : std::get<std::vector<std::int64_t>>(c.attr("axes"))) {
      const std::int64_t k = normalized(a, rank);
      if (k < static_cast<std::int64_t>(rows_.size())) named[static_cast<std::size_t>(k)] = true;
    }
    const bool* keep = std::get_if<bool>(&c.attr("keepdim"));
    return std::all_of(named.begin(), named.end(), [](bool b) { return b; }) && !(keep != nullptr && *keep);
  }

  // Records the trailing shape of a row value; false when an extent is symbolic or 0 (a layout's
  // extents are at least 1; an empty tensor has nothing to spread).
  bool record(const std::vector<ShapeDim>& shape) {
    std::vector<std::int64_t> x;
    for (std::size_t i = rows_.size(); i < shape.size(); ++i) {  // the leading axes are rows_ (static, or a DimVar)
      if (!shape[i].is_static() || shape[i].value() < 1) return false;
      x.push_back(shape[i].value());
    }
    if (std::find(trailing_.begin(), trailing_.end(), x) == trailing_.end()) trailing_.push_back(x);
    return true;
  }

  // Records the first reason the body is not row-wise.
  std::nullopt_t refuse(std::string why) {
    if (why_not_.empty()) why_not_ = std::move(why);
    return std::nullopt;
  }

  std::vector<ShapeDim> rows_;
  std::string why_not_;
  std::unordered_set<const ExprNode*> params_;
  std::unordered_map<const ExprNode*, bool> row_;
  std::unordered_set<const ExprNode*> broadcast_;
  std::vector<const ExprNode*> made_whole_;  // shared values of a row value's shape, computed whole (decide)
  std::unordered_set<const ExprNode*> made_whole_set_;
  std::vector<std::vector<std::int64_t>> trailing_;
  bool crosses_rows_ = false;
  bool heavy_rows_ = false;  // a row value is a streamed matmul's: K x N products a row
};

}  // namespace

bool GridPlan::is_row_shape(const std::vector<ShapeDim>& shape) const { return !shape.empty() && starts_with(shape, rows); }

ShardLayout GridPlan::layout_for(const std::vector<std::int64_t>& x) const {
  for (std::size_t i = 0; i < layouts.size(); ++i)
    if (trailing[i] == x) return layouts[i];
  Result<ShardLayout> made = make_layout(x);
  TF_CHECK(made.ok(), "the grid layout of a trailing shape plan_grid did not make is well formed");
  return *made;
}

Result<ShardLayout> GridPlan::make_layout(const std::vector<std::int64_t>& x) const {
  const GridGeometry& g = geometry;
  std::int64_t p = 1;
  for (std::int64_t d : x)
    if (__builtin_mul_overflow(p, d, &p)) return category_error(DiagCategory::Usage, "a row of more than 2^63 elements");
  std::vector<std::int64_t> shape{g.ctas, g.threads, g.per_thread}, strides{0, 0, p};
  if (collective) {
    shape = {g.threads, g.per_thread};
    strides = {0, p};
  }
  shape.insert(shape.end(), x.begin(), x.end());
  const std::vector<std::int64_t> row = row_major_strides(x);
  strides.insert(strides.end(), row.begin(), row.end());
  Result<Layout> base = Layout::make(tuple_of_ints(shape), tuple_of_ints(strides));
  TF_TRY(base);
  Result<ShardAttr> s0 = ShardAttr::make_split(0), s1 = ShardAttr::make_split(1);
  std::vector<ShardAttr> attrs{*s0, *s1};
  if (collective) attrs = {*s0};
  return ShardLayout::make(LayoutBase(*base), attrs, mesh);
}

std::vector<ShapeDim> GridPlan::part() const {
  if (collective) return {ShapeDim(geometry.threads), ShapeDim(geometry.per_thread)};
  return {ShapeDim(geometry.ctas), ShapeDim(geometry.threads), ShapeDim(geometry.per_thread)};
}

Mesh GridPlan::first_thread() const {
  std::vector<SliceKey> key(collective ? 1 : 2, SliceKey::range(0, 1));
  Result<Mesh> m = slice(mesh, key);
  TF_CHECK(m.ok(), "the grid mesh's first thread is a slice");
  return *m;
}

std::string GridPlan::layout_name(const std::vector<std::int64_t>& x) const {
  std::string name = fmt::format("{}_{}", mesh_name, geometry.per_thread);
  for (std::size_t i = 0; i < x.size(); ++i) name += fmt::format("{}{}", i == 0 ? "_x" : "x", x[i]);
  return name;
}

namespace {

// The leading axes to try, largest row count first: every prefix of every output's and
// parameter's static shape.
std::vector<std::vector<ShapeDim>> candidate_rows(const hir::Function& fn, const std::vector<Expr>& results) {
  std::vector<std::pair<std::int64_t, std::vector<ShapeDim>>> found;
  auto add = [&](const IRType& type) {
    const auto* t = type ? type->as<TensorType>() : nullptr;
    if (t == nullptr) return;
    std::int64_t count = 1;
    for (std::size_t m = 1; m <= t->shape.size(); ++m) {
      if (!t->shape[m - 1].is_static() || t->shape[m - 1].value() < 1) return;
      if (__builtin_mul_overflow(count, t->shape[m - 1].value(), &count)) return;  // no grid of more than 2^63 rows
      std::vector<ShapeDim> rows(t->shape.begin(), t->shape.begin() + static_cast<std::ptrdiff_t>(m));
      if (std::none_of(found.begin(), found.end(), [&](const auto& f) { return f.second == rows; })) found.push_back({count, rows});
    }
  };
  // A leading DimVar axis: its rows counted at its largest value (design note, "Symbolic rows").
  auto add_symbolic = [&](const IRType& type) {
    const auto* t = type ? type->as<TensorType>() : nullptr;
    if (t == nullptr || t->shape.empty() || t->shape[0].is_static()) return;
    const DimVar* v = t->shape[0].dim_var();
    if (v == nullptr || v->hi - 1 < 1) return;
    std::vector<ShapeDim> rows{t->shape[0]};
    if (std::none_of(found.begin(), found.end(), [&](const auto& f) { return f.second == rows; })) found.push_back({v->hi - 1, rows});
  };
  for (const Expr& r : results) add(r->type());
  for (const VarRef& p : fn.params()) add(p->type());
  for (const Expr& r : results) add_symbolic(r->type());
  for (const VarRef& p : fn.params()) add_symbolic(p->type());
  std::stable_sort(found.begin(), found.end(), [](const auto& x, const auto& y) { return x.first > y.first; });
  std::vector<std::vector<ShapeDim>> out;
  for (auto& f : found) out.push_back(std::move(f.second));
  return out;
}

// The geometry of a grid-stride loop over at most `most` rows: T as grid_geometry's, G at most 8
// (the last part of fewer than G*T rows runs on one thread), one row per thread per step.
GridGeometry strided_geometry(std::int64_t most) {
  GridGeometry g;
  g.threads = static_cast<std::int64_t>(std::bit_floor(static_cast<std::uint64_t>(std::min<std::int64_t>(most, 256))));
  g.ctas = std::clamp<std::int64_t>(most / (8 * g.threads), 1, 8);
  g.per_thread = 1;
  return g;
}

// One CTA whose threads divide the rows, for a reduction across them: T the largest power of
// two dividing R, at most 256; no tail (a CTA collective sees only the threads' rows).
GridGeometry collective_geometry(std::int64_t rows) {
  GridGeometry g;
  g.threads = 1;
  while (g.threads < 256 && rows % (2 * g.threads) == 0) g.threads *= 2;
  g.ctas = 1;
  g.per_thread = rows / g.threads;
  g.main = rows;
  g.tail = 0;
  return g;
}

}  // namespace

std::optional<GridPlan> plan_grid(const hir::Function& fn, const std::vector<Expr>& results, std::string* why_not,
                                  std::int64_t most_per_thread) {
  auto no = [&](std::string why) -> std::optional<GridPlan> {
    if (why_not != nullptr && why_not->empty()) *why_not = std::move(why);
    return std::nullopt;
  };
  if (results.empty()) return no("it returns nothing");
  for (const Expr& r : results)
    if (r->type()->as<TensorType>() == nullptr) return no("a returned value is not a tensor");
  const std::vector<std::vector<ShapeDim>> candidates = candidate_rows(fn, results);
  if (candidates.empty()) return no("no returned value or parameter has a static leading extent or a leading DimVar");
  for (const std::vector<ShapeDim>& rows : candidates) {
    const bool strided = !rows[0].is_static();
    std::int64_t count = 1;
    for (const ShapeDim& d : rows) count *= strided ? d.dim_var()->hi - 1 : d.value();
    if (count < 2) {  // one row is one thread: the serial rule, which reads a parameter in place instead of into registers
      no(fmt::format("over the leading axes {}, one row", hir::shape_text(rows)));
      continue;
    }
    RowWalk walk(fn, rows);
    if (!walk.run(results)) {  // the reason of the largest rows, the first tried
      no(fmt::format("not row-wise over the leading axes {}: {}", hir::shape_text(rows), walk.why_not()));
      continue;
    }
    const bool collective = walk.crosses_rows();
    if (strided && collective) {
      no(fmt::format("over the symbolic rows {}, a reduction crosses the rows (a CTA collective needs a static count)",
                     hir::shape_text(rows)));
      continue;
    }
    if (strided && std::any_of(results.begin(), results.end(), [&](const Expr& r) {
          const std::vector<ShapeDim>& shape = r->type()->as<TensorType>()->shape;
          return shape.empty() || !starts_with(shape, rows);
        })) {
      no(fmt::format("over the symbolic rows {}, an output is computed once for every row (a grid-stride loop "
                     "writes row values only)", hir::shape_text(rows)));
      continue;
    }
    const GridGeometry g = collective ? collective_geometry(count) : strided ? strided_geometry(count) : grid_geometry(count, walk.heavy_rows() ? 1 : most_per_thread);
    Result<Topology> cta = Topology::make("cta", g.ctas), thread = Topology::make("thread", g.threads);
    TF_CHECK(cta.ok() && thread.ok(), "grid topologies are well formed");
    Result<Mesh> mesh = collective ? Mesh::make({*thread}, Layout::make_known_valid(tuple_of_ints({g.threads}), tuple_of_ints({1})), {"t"})
                                   : Mesh::make({*cta, *thread}, Layout::make_known_valid(tuple_of_ints({g.ctas, g.threads}), tuple_of_ints({g.threads, 1})),
                                                {"c", "t"});
    TF_CHECK(mesh.ok(), "the grid mesh is well formed");
    const std::string name = collective ? fmt::format("lower_cta_{}", g.threads) : fmt::format("lower_grid_{}x{}", g.ctas, g.threads);
    GridPlan plan{rows, g, *mesh, name, walk.trailing(), walk.row_params(fn), {}, collective, strided, walk.shared_row_shaped(fn),
                  walk.broadcast_params(fn)};
    // A layout whose size passes 64 bits (rows of 2^32 x 2^32 elements) has no grid: the
    // next candidate, else the serial rule, which refuses what it cannot place.
    std::vector<ShardLayout> layouts;
    for (const std::vector<std::int64_t>& x : plan.trailing) {
      Result<ShardLayout> made = plan.make_layout(x);
      if (!made.ok()) break;
      layouts.push_back(*made);
    }
    if (layouts.size() != plan.trailing.size()) {
      no(fmt::format("over the leading axes {}, a row layout's size passes 64 bits", hir::shape_text(rows)));
      continue;
    }
    plan.layouts = std::move(layouts);
    if (why_not != nullptr) why_not->clear();
    return plan;
  }
  return std::nullopt;
}

}  // namespace tf::lower
