// hir.nn.RoPE as per-element loops (element_loops.h), the rotate-half form HIR evaluates
// (eval/hir/rope_eval.cpp): y[b, s, h, d] = x[b, s, h, d] * cos[p, d] + rot(x)[b, s, h, d] *
// sin[p, d] with p = pos_ids[s] and rot(x) = cat(-x[..., D/2:], x[..., :D/2]). Every operand is
// read into an f32 register (a cast: exact for the narrow floats), each product and the sum is one
// f32 Binary (no contraction), and the result is cast once to x's dtype, as HIR rounds once.
// The two halves of D are two loops, so rot's partner element is a coordinate moved by D/2.
// Inside a grid part over the rows (B, S) (grid_plan.h) q and k are held as the part's rows and
// pos_ids as the rows too (broadcast over B), so the loops run over the thread's own rows.
#include <fmt/format.h>

#include <functional>

#include "ir/core/kind_attrs.h"
#include "ir/tir/tir_ops.h"
#include "ir/type/tuple_type.h"
#include "ir/type/type_print.h"
#include "lower/element_loops.h"
#include "lower/rule_support.h"

namespace tf::lower {

namespace {

struct Scalars {
  Expr x, partner, c, s, a, r;  // rank-0 f32 registers
};

// The rows of q and k as loops (an extent-1 axis is coordinate 0, not a loop): (B, S) whole;
// inside a grid part over (B,) the thread's own rows and S; over (1, S) its own rows. And how
// pos_ids is indexed at a row's coordinates: by s (the last), or over (1, S) by the row's own
// coordinates (pos_ids held as the part's rows).
struct Rows {
  std::vector<ShapeDim> extents;
  bool positions_are_rows = false;

  std::vector<Expr> pos_at(const std::vector<Expr>& row) const { return positions_are_rows ? row : std::vector<Expr>{row.back()}; }
};

// Loops over `rows` ++ `inner`; body(row coordinates, inner coordinates).
Result<bool> row_loops(LoweringContext& lc, const Rows& rows, const std::vector<ShapeDim>& inner,
                       const std::function<Result<bool>(const std::vector<Expr>&, const std::vector<Expr>&)>& body) {
  std::vector<ShapeDim> box = rows.extents;
  box.insert(box.end(), inner.begin(), inner.end());
  const auto split = static_cast<std::ptrdiff_t>(rows.extents.size());
  return element_loops_past_ones(lc, box, [&](const std::vector<Expr>& at) -> Result<bool> {
    return body(std::vector<Expr>(at.begin(), at.begin() + split), std::vector<Expr>(at.begin() + split, at.end()));
  });
}

// x rotated (x one of q, k of HIR shape `shape`) into a fresh register value of its type.
Result<Expr> rotate(const RuleInput& in, const Expr& x, const TensorType& type, const Rows& rows, const Expr& pos,
                    std::int64_t half, const Scalars& t, const std::string& hint) {
  Result<Expr> out = alloc_value(in.lc, in.strategy, type, type.dtype, hint);
  TF_TRY(out);
  Result<Expr> shift = integer_buffer(in.lc, DType::i64(), ShapeDim(half), hint + "_half");
  TF_TRY(shift);
  Result<Expr> moved = scalar_register(in.lc, DType::i64(), hint + "_d");
  TF_TRY(moved);
  // First half (upper = false): rot = -x[d + half], the element at d. Second half: rot = x[d],
  // the element at d + half.
  for (const bool upper : {false, true}) {
    Result<bool> loops = row_loops(in.lc, rows, {type.shape[2], ShapeDim(half)}, [&](const std::vector<Expr>& row_at,
                                                                                     const std::vector<Expr>& hd) -> Result<bool> {
      Result<bool> f = in.lc.emit(tir::TirOp::Fill, {*moved, hd[1]});
      TF_TRY(f);
      Result<bool> add = binary_into(in.lc, BinaryKind::Add, *moved, *shift, *moved);
      TF_TRY(add);
      std::vector<Expr> low = row_at, high = row_at;
      low.insert(low.end(), hd.begin(), hd.end());
      high.insert(high.end(), {hd[0], *moved});
      const std::vector<Expr>& here = upper ? high : low;
      const std::vector<Expr>& there = upper ? low : high;
      Result<Expr> p = element_at(in.lc, pos, rows.pos_at(row_at), hint + "_p");
      TF_TRY(p);
      const std::vector<Expr> row{*p, here.back()};
      for (const auto& [operand, coords, reg] : {std::tuple{x, here, t.x}, std::tuple{x, there, t.partner},
                                                 std::tuple{in.operands[2], row, t.c}, std::tuple{in.operands[3], row, t.s}}) {
        Result<Expr> e = element_at(in.lc, operand, coords, hint + "_e");
        TF_TRY(e);
        Result<bool> read = unary_into(in.lc, UnaryKind::Cast, *e, reg);
        TF_TRY(read);
      }
      if (!upper) {
        Result<bool> neg = unary_into(in.lc, UnaryKind::Neg, t.partner, t.partner);
        TF_TRY(neg);
      }
      Result<bool> a = binary_into(in.lc, BinaryKind::Mul, t.x, t.c, t.a);
      TF_TRY(a);
      Result<bool> r = binary_into(in.lc, BinaryKind::Mul, t.partner, t.s, t.r);
      TF_TRY(r);
      Result<bool> sum = binary_into(in.lc, BinaryKind::Add, t.a, t.r, t.a);
      TF_TRY(sum);
      Result<Expr> y = element_at(in.lc, *out, here, hint + "_y");
      TF_TRY(y);
      return unary_into(in.lc, UnaryKind::Cast, t.a, *y);
    });
    TF_TRY(loops);
  }
  return *out;
}

// rope(q, k, cos_cache, sin_cache, pos_ids). Shapes HIR rejects on every input (ranks, an odd or
// symbolic D, tables not [P, D]) are refused; pos_ids must be rank 1 of S elements here (HIR reads
// any shape flattened: not lowered yet). Every position is checked first against the table rows
// (an abort, HIR's eval error), so no view leaves a table.
Result<Expr> rule_rope(const RuleInput& in) {
  const auto& fields = in.call.type()->as<TupleType>()->fields;
  const TensorType& q = *fields[0]->as<TensorType>();
  const TensorType& k = *fields[1]->as<TensorType>();
  const TensorType& table = *tensor_type_of(*in.call.args[2]);
  const TensorType& pos = *tensor_type_of(*in.call.args[4]);
  if (q.shape.size() != 4 || k.shape.size() != 4 || table.shape.size() != 2)
    return in.lc.refusal(in.call, "rope", "q and k must be [B, S, H, D] and the tables [P, D] (an HIR eval error)");
  const ShapeDim& d = q.shape[3];
  if (!d.is_static() || d.value() % 2 != 0) return in.lc.refusal(in.call, "rope", "the head dim must be static and even");
  if (pos.shape.size() != 1 || !pos.dtype.is_integer() || !(pos.shape[0] == q.shape[1]) || !(pos.shape[0] == k.shape[1]))
    return in.lc.refusal(in.call, "rope", "pos_ids must be a rank-1 integer tensor of S elements here (HIR reads any shape flattened)");
  for (const TensorType* t : {&q, &k, &table})
    for (const ShapeDim& e : t->shape)
      if (!e.is_static() && e.dim_var() == nullptr) return in.lc.refusal(in.call, "rope", "an extent of dim arithmetic has no loop bound yet");
  Rows rows{{q.shape[0], q.shape[1]}};
  std::vector<ShapeDim> positions{pos.shape[0]};
  if (const GridPart* part = in.strategy.part) {
    rows = Rows{part->own_leading(), part->rows.size() == 2};
    if (rows.positions_are_rows) positions = rows.extents;  // pos_ids held as the part's rows
    else rows.extents.push_back(q.shape[1]);
  }
  Result<bool> checked = check_index(in.lc, in.operands[4], positions, table.shape[0],
                                     fmt::format("rope: a position is outside the {} table rows", to_string(table.shape[0])),
                                     in.name() + "_pos");
  TF_TRY(checked);
  Scalars t;
  for (auto [reg, name] : {std::pair{&t.x, "_x"}, {&t.partner, "_rot"}, {&t.c, "_cos"}, {&t.s, "_sin"}, {&t.a, "_a"}, {&t.r, "_r"}}) {
    Result<Expr> r = scalar_register(in.lc, DType::f32(), in.name() + name);
    TF_TRY(r);
    *reg = *r;
  }
  const std::int64_t half = d.value() / 2;
  Result<Expr> q_out = rotate(in, in.operands[0], q, rows, in.operands[4], half, t, in.name() + "_q");
  TF_TRY(q_out);
  Result<Expr> k_out = rotate(in, in.operands[1], k, rows, in.operands[4], half, t, in.name() + "_k");
  TF_TRY(k_out);
  in.lc.remember_parts(&in.call, {*q_out, *k_out});
  return *q_out;
}

}  // namespace

const LoweringPattern kRoPEPattern{OperandForm::Whole, &rule_rope};

}  // namespace tf::lower
