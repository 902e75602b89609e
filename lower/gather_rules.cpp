// The gathers and scatters of hir.tensor as per-element loops (element_loops.h): index_select,
// index_copy, index_add and repeat_interleave. Each reads an operand's element through a rank-0 view whose
// start coordinate on the indexed axis is computed at run time (an index entry, a quotient), and
// moves codes with copy, so every dtype moves bit for bit.
#include <fmt/format.h>

#include "ir/core/kind_attrs.h"
#include "ir/tir/tir_ops.h"
#include "ir/type/type_print.h"
#include "lower/element_loops.h"
#include "lower/rule_support.h"

namespace tf::lower {

namespace {

// Axis `axis` of a rank-`rank` value, a negative one counted from the end (typeinfer checked it).
std::size_t axis_of(std::int64_t axis, std::size_t rank) {
  if (axis < 0) axis += static_cast<std::int64_t>(rank);
  return static_cast<std::size_t>(axis);
}

// A loop bound the loops can count: static or a DimVar.
Result<bool> countable(const RuleInput& in, std::string_view what, const std::vector<ShapeDim>& dims) {
  for (const ShapeDim& d : dims)
    if (!d.is_static() && d.dim_var() == nullptr) return in.lc.refusal(in.call, what, "an extent of dim arithmetic has no loop bound yet");
  return true;
}

// index_select(x, index, dim=a): every index entry checked first (check_index: HIR's eval
// error for an entry outside [0, extent) becomes an abort, never an out-of-bounds view), then a
// loop over the result whose element c is x's element at c with coordinate a replaced by the
// index entry c_a: a rank-0 view of x whose start coordinate on axis a is the index element
// itself (a rank-0 integer tensor). Copies move codes, so every dtype moves bit for bit.
Result<Expr> rule_index_select(const RuleInput& in) {
  const TensorType& type = *tensor_type_of(in.call);
  const TensorType& x = *tensor_type_of(*in.call.args[0]);
  const std::size_t a = axis_of(in.attr<std::int64_t>("dim"), x.shape.size());
  const ShapeDim& length = tensor_type_of(*in.call.args[1])->shape[0];
  Result<bool> counted = countable(in, "index_select", type.shape);
  TF_TRY(counted);
  Result<bool> checked = check_index(in.lc, in.operands[1], length, x.shape[a],
                                     fmt::format("index_select: an index entry is out of range [0, {})", to_string(x.shape[a])),
                                     in.name() + "_i");
  TF_TRY(checked);
  Result<Expr> dst = alloc_value(in.lc, in.strategy, type, type.dtype, in.name());
  TF_TRY(dst);
  Result<bool> loops = element_loops(in.lc, type.shape, [&](const std::vector<Expr>& at) -> Result<bool> {
    Result<Expr> entry = element_at(in.lc, in.operands[1], {at[a]}, in.name() + "_k");
    TF_TRY(entry);
    std::vector<Expr> from = at;
    from[a] = *entry;
    return copy_element(in.lc, in.operands[0], from, *dst, at, in.name());
  });
  TF_TRY(loops);
  return *dst;
}

// index_copy(dst, index, src, dim=a): the result a copy of dst; every index entry checked as
// index_select's; then a loop over src, whose element c is copied to the result's element at c
// with coordinate a replaced by index entry c_a. The loop visits the entries in index order for
// each position of the other axes, so of two equal entries the later one's write is the one
// left: HIR's "last write wins".
Result<Expr> rule_index_copy(const RuleInput& in) {
  const TensorType& type = *tensor_type_of(in.call);
  const std::vector<ShapeDim>& src_shape = tensor_type_of(*in.call.args[2])->shape;
  const std::size_t a = axis_of(in.attr<std::int64_t>("dim"), type.shape.size());
  const ShapeDim& length = tensor_type_of(*in.call.args[1])->shape[0];
  Result<bool> counted = countable(in, "index_copy", src_shape);
  TF_TRY(counted);
  Result<Expr> out = copy_of(in.lc, in.strategy, in.operands[0], in.name());
  TF_TRY(out);
  Result<bool> checked = check_index(in.lc, in.operands[1], length, type.shape[a],
                                     fmt::format("index_copy: an index entry is out of range [0, {})", to_string(type.shape[a])),
                                     in.name() + "_i");
  TF_TRY(checked);
  Result<bool> loops = element_loops(in.lc, src_shape, [&](const std::vector<Expr>& at) -> Result<bool> {
    Result<Expr> entry = element_at(in.lc, in.operands[1], {at[a]}, in.name() + "_k");
    TF_TRY(entry);
    std::vector<Expr> to = at;
    to[a] = *entry;
    return copy_element(in.lc, in.operands[2], at, *out, to, in.name());
  });
  TF_TRY(loops);
  return *out;
}

// index_add(dst, index, src, dim=a): the result a copy of dst; every index entry checked as
// index_copy's; then a loop over src in row-major order, whose element c is added into the
// result's element at c with coordinate a replaced by index entry c_a. For each position of the
// other axes the loop visits the entries in index order, so a target named twice takes its adds
// in HIR's order, each rounded before the next: f32 adds as they are; a bool ORs; an integer adds
// and wraps to its width (TIR's Binary, as HIR's); a narrower float is cast to f32 (exact),
// added in f32 and cast back once: HIR's "each add computed in f32 and rounded to the dtype once".
Result<Expr> rule_index_add(const RuleInput& in) {
  const TensorType& type = *tensor_type_of(in.call);
  const std::vector<ShapeDim>& src_shape = tensor_type_of(*in.call.args[2])->shape;
  const std::size_t a = axis_of(in.attr<std::int64_t>("dim"), type.shape.size());
  const ShapeDim& length = tensor_type_of(*in.call.args[1])->shape[0];
  Result<bool> counted = countable(in, "index_add", src_shape);
  TF_TRY(counted);
  Result<Expr> out = copy_of(in.lc, in.strategy, in.operands[0], in.name());
  TF_TRY(out);
  Result<bool> checked = check_index(in.lc, in.operands[1], length, type.shape[a],
                                     fmt::format("index_add: an index entry is out of range [0, {})", to_string(type.shape[a])),
                                     in.name() + "_i");
  TF_TRY(checked);
  const DType d = type.dtype;
  const bool widened = d.is_float() && d != DType::f32();
  std::optional<Expr> acc, term;  // f32 scalars of a widened add
  if (widened) {
    Result<Expr> x = in.lc.alloc_buffer({}, DType::f32(), std::nullopt, StorageKind::Rmem, in.name() + "_acc");
    TF_TRY(x);
    Result<Expr> y = in.lc.alloc_buffer({}, DType::f32(), std::nullopt, StorageKind::Rmem, in.name() + "_term");
    TF_TRY(y);
    acc = *x;
    term = *y;
  }
  const std::vector<NamedAttr> cast{tir::kind_attr(UnaryKind::Cast)};
  Result<bool> loops = element_loops(in.lc, src_shape, [&](const std::vector<Expr>& at) -> Result<bool> {
    Result<Expr> entry = element_at(in.lc, in.operands[1], {at[a]}, in.name() + "_k");
    TF_TRY(entry);
    std::vector<Expr> to = at;
    to[a] = *entry;
    Result<Expr> target = element_at(in.lc, *out, to, in.name() + "_r");
    TF_TRY(target);
    Result<Expr> added = element_at(in.lc, in.operands[2], at, in.name() + "_x");
    TF_TRY(added);
    if (!widened) {
      const BinaryKind kind = d.is_bool() ? BinaryKind::Or : BinaryKind::Add;
      return in.lc.emit(tir::TirOp::Binary, {*target, *added, *target}, {tir::kind_attr(kind)});
    }
    for (const auto& [from, to_f32] : {std::pair{*target, *acc}, std::pair{*added, *term}}) {
      Result<bool> c = in.lc.emit(tir::TirOp::Unary, {from, to_f32}, cast);
      TF_TRY(c);
    }
    Result<bool> sum = in.lc.emit(tir::TirOp::Binary, {*acc, *term, *acc}, {tir::kind_attr(BinaryKind::Add)});
    TF_TRY(sum);
    return in.lc.emit(tir::TirOp::Unary, {*acc, *target}, cast);
  });
  TF_TRY(loops);
  return *out;
}

// repeat_interleave(x, repeats=r, axis=a): a loop over the result, whose element c is x's element
// at c with coordinate a replaced by c_a floor_div r (a rank-0 i64 the loop computes: fill with
// the index, then floor_div by r). r = 0 gives an empty axis, so the loop runs no trip.
Result<Expr> rule_repeat_interleave(const RuleInput& in) {
  const TensorType& type = *tensor_type_of(in.call);
  const std::size_t a = axis_of(in.attr<std::int64_t>("axis"), type.shape.size());
  const std::int64_t repeats = in.attr<std::int64_t>("repeats");
  Result<bool> counted = countable(in, "repeat_interleave", type.shape);
  TF_TRY(counted);
  Result<Expr> dst = alloc_value(in.lc, in.strategy, type, type.dtype, in.name());
  TF_TRY(dst);
  Result<Expr> r = integer_buffer(in.lc, DType::i64(), ShapeDim(repeats), in.name() + "_repeats");
  TF_TRY(r);
  Result<Expr> q = in.lc.alloc_buffer({}, DType::i64(), std::nullopt, StorageKind::Rmem, in.name() + "_q");
  TF_TRY(q);
  Result<bool> loops = element_loops(in.lc, type.shape, [&](const std::vector<Expr>& at) -> Result<bool> {
    Result<bool> f = in.lc.emit(tir::TirOp::Fill, {*q, at[a]});
    TF_TRY(f);
    Result<bool> d = in.lc.emit(tir::TirOp::Binary, {*q, *r, *q}, {tir::kind_attr(BinaryKind::FloorDiv)});
    TF_TRY(d);
    std::vector<Expr> from = at;
    from[a] = *q;
    return copy_element(in.lc, in.operands[0], from, *dst, at, in.name());
  });
  TF_TRY(loops);
  return *dst;
}

}  // namespace

const LoweringPattern kIndexSelectPattern{OperandForm::Whole, &rule_index_select};
const LoweringPattern kIndexCopyPattern{OperandForm::Whole, &rule_index_copy};
const LoweringPattern kIndexAddPattern{OperandForm::Whole, &rule_index_add};
const LoweringPattern kRepeatInterleavePattern{OperandForm::Whole, &rule_repeat_interleave};

}  // namespace tf::lower
