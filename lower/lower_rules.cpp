// The serial rule of each HIR op (hir_to_tir.h) as a conversion pattern (lowering_pattern.h):
// one TIR effect op on whole register tensors, or on a grid part's rows, or, through the
// elementwise rule, on the sharded strategy's local parts; and their registration by typed op
// identity. The dispatcher that runs them is pattern_dispatch.cpp.
#include "lower/lower_rules.h"

#include <fmt/format.h>

#include <cmath>
#include <limits>

#include "ir/core/constant.h"
#include "ir/core/kind_attrs.h"
#include "ir/core/numerics_spaces.h"
#include "ir/dim/dim_ops.h"
#include "ir/hir/cuda_nn_ops.h"
#include "ir/hir/math_ops.h"
#include "ir/hir/nn_ops.h"
#include "ir/hir/sharding_ops.h"
#include "ir/hir/tensor_ops.h"
#include "ir/hir/tensor_typeinfer_util.h"
#include "ir/numerics/cast_mode.h"
#include "ir/tir/tir_ops.h"
#include "lower/element_loops.h"
#include "lower/elementwise_rule.h"
#include "lower/rule_support.h"
#include "lower/shard_rule.h"

namespace tf::lower {

namespace {

// `let t = alloc_tensor(c's type); fill(t, literal)` with `value` as a literal of `literal_dtype`
// (the call's dtype unless given; fill converts it to the call's dtype by its default mode).
Result<Expr> filled(const RuleInput& in, ConstantValue value, std::optional<DType> literal_dtype = std::nullopt) {
  const TensorType& type = *tensor_type_of(in.call);
  Result<TensorTypeRef> scalar = TensorType::make({}, literal_dtype.value_or(type.dtype), std::nullopt, StorageKind::Rmem);
  TF_TRY(scalar);
  Result<ConstantRef> lit = Constant::make(value, IRType(*scalar));
  TF_TRY(lit);
  Result<Expr> t = alloc_value(in.lc, in.strategy, type, type.dtype, in.name());
  TF_TRY(t);
  Result<bool> f = in.lc.emit(tir::TirOp::Fill, {*t, Expr(*lit)});
  TF_TRY(f);
  return *t;
}

// A block-scaled value of the call's type whose f32 values are `value`: an f32 buffer filled with
// it (rounded once to f32), then quantized with the format's default method, as HIR's zeros and
// full_like of a block-scaled dtype quantize.
Result<Expr> quantized_fill(const RuleInput& in, double value) {
  const TensorType& type = *tensor_type_of(in.call);
  Result<Expr> wide = alloc_value(in.lc, in.strategy, type, DType::f32(), in.name() + "_f32");
  TF_TRY(wide);
  Result<TensorTypeRef> scalar = TensorType::make({}, DType::f32(), std::nullopt, StorageKind::Rmem);
  TF_TRY(scalar);
  Result<ConstantRef> lit = Constant::make(value, IRType(*scalar));
  TF_TRY(lit);
  Result<bool> f = in.lc.emit(tir::TirOp::Fill, {*wide, Expr(*lit)});
  TF_TRY(f);
  Result<Expr> q = alloc_value(in.lc, in.strategy, type, type.dtype, in.name());
  TF_TRY(q);
  Result<bool> cast = unary_into(in.lc, UnaryKind::Cast, *wide, *q);
  TF_TRY(cast);
  return *q;
}

// zeros(type): every element 0 (false, +0); f8e8m0 has no 0 (its code 0 is 2^-127, what 0.0
// converts to); plain f4e2m1 is refused (f4e2m1_refusal).
Result<Expr> rule_zeros(const RuleInput& in) {
  const DType d = tensor_type_of(in.call)->dtype;
  if (d.is_compound()) return quantized_fill(in, 0.0);
  if (d == DType::f4e2m1()) return f4e2m1_refusal(in.lc, in.call, "zeros");
  if (d.is_bool()) return filled(in, false);
  if (d.is_integer()) return filled(in, std::int64_t{0});
  // f8e8m0 has no zero: its code 0 is 2^-127, what HIR's zeros holds and what 0.0 converts to
  // (rp); its own literals are codes, so the fill converts an f32 0.0.
  if (d == DType::f8e8m0()) return filled(in, 0.0, DType::f32());
  return filled(in, 0.0);
}

// The integer a float value converts to under the default integer conversion (docs/numerics.md):
// toward zero, saturating to the dtype's range, NaN to 0. Written here, apart from the project's
// numerics, as the backend's own reading of the rule (docs/decisions.md D9: the oracle and the
// backend share the IR and nothing else).
std::int64_t to_integer(double v, DType d) {
  if (std::isnan(v)) return 0;
  const int bits = d.bit_width();
  const double top = std::ldexp(1.0, bits - 1);  // 2^(bits-1): the first value past the range
  if (v >= top) return bits == 64 ? std::numeric_limits<std::int64_t>::max() : (std::int64_t{1} << (bits - 1)) - 1;
  if (v < -top) return bits == 64 ? std::numeric_limits<std::int64_t>::min() : -(std::int64_t{1} << (bits - 1));
  return static_cast<std::int64_t>(std::trunc(v));
}

// full_like(x, value): the value in x's dtype. A float dtype's is the value rounded once from
// f64, as TIR's Fill does; an integer's the default integer conversion (to_integer); a bool's
// `value != 0` (NaN is true, -0 false), each filled as an exact literal of the dtype.
// x only gives the type, but HIR evaluates it first, and an x whose evaluation fails fails the
// full_like: it is converted (lowered) like any operand, its value unused (found by the lowering
// law).
Result<Expr> rule_full_like(const RuleInput& in) {
  const DType d = tensor_type_of(in.call)->dtype;
  const double value = in.attr<double>("value");
  if (d.is_compound()) return quantized_fill(in, value);
  if (d.is_integer()) return filled(in, to_integer(value, d));
  if (d.is_bool()) return filled(in, value != 0.0);
  if (d == DType::f4e2m1()) return f4e2m1_refusal(in.lc, in.call, "full_like");
  // f8e8m0's literals are codes: the fill converts an f32 value (toward +inf, as HIR rounds it).
  if (d == DType::f8e8m0()) return filled(in, value, DType::f32());
  return filled(in, value);
}

// A rank-0 register buffer of `dtype` filled with the literal `value` (a float rounded once to
// the dtype by Fill, an integer exactly).
Result<Expr> scalar_buffer(const RuleInput& in, DType dtype, ConstantValue value, std::string_view hint) {
  Result<TensorTypeRef> scalar = TensorType::make({}, dtype, std::nullopt, StorageKind::Rmem);
  TF_TRY(scalar);
  Result<ConstantRef> lit = Constant::make(value, IRType(*scalar));
  TF_TRY(lit);
  Result<Expr> t = alloc_value(in.lc, in.strategy, **scalar, dtype, hint);
  TF_TRY(t);
  Result<bool> f = in.lc.emit(tir::TirOp::Fill, {*t, Expr(*lit)});
  TF_TRY(f);
  return *t;
}

// arange(type=Tensor[(n,), D], start=s, step=k), D i32 or i64, s static: the largest element
// s + (n_max - 1) * k must stay in int64 (HIR's eval error otherwise; n_max the extent's bound),
// which the lowering decides before any TIR is written.
Result<bool> match_arange(const LoweringContext& lc, const Call& c) {
  const TensorType& type = *tensor_type_of(c);
  const ShapeDim start = hir::dim_attr(c.attr("start"));
  if (!start.is_static()) return lc.refusal(c, "arange", "a start known only at run time has no rule yet");
  const ShapeDim& n = type.shape[0];
  if (!n.is_static() && n.dim_var() == nullptr) return lc.refusal(c, "arange", "its length is dim arithmetic (no bound to check it by)");
  const std::int64_t most = n.is_static() ? n.value() : n.dim_var()->hi - 1;
  const std::int64_t step = std::get<std::int64_t>(c.attr("step"));
  std::int64_t term = 0, last = 0;
  if (most > 0 && (__builtin_mul_overflow(step, most - 1, &term) || __builtin_add_overflow(start.value(), term, &last)))
    return lc.refusal(c, "arange", fmt::format("its element {} = {} + {} * {} overflows int64 (an HIR eval error)", most - 1,
                                               start.value(), step, most - 1));
  return true;
}

// arange: per element e (a loop over the extent, element_loops.h) the rank-0 view of the result
// at e filled with the index, then multiplied by step and added to start in the result's dtype.
// Integer binary ops wrap, and wrapping is a ring map from int64: (s + e * k) mod 2^32 is what
// i32 arithmetic on s, e and k mod 2^32 gives, the low bits HIR keeps (D6); in i64 the values
// stay in range (match_arange), so they are exact.
Result<Expr> rule_arange(const RuleInput& in) {
  const TensorType& type = *tensor_type_of(in.call);
  const std::int64_t start = hir::dim_attr(in.call.attr("start")).value();  // static: match_arange
  const std::int64_t step = in.attr<std::int64_t>("step");
  Result<Expr> dst = alloc_value(in.lc, in.strategy, type, type.dtype, in.name());
  TF_TRY(dst);
  // The literals in the dtype's width: an i32 result keeps the low 32 bits of each.
  auto narrow = [&](std::int64_t v) -> std::int64_t { return type.dtype == DType::i32() ? static_cast<std::int32_t>(static_cast<std::uint32_t>(v)) : v; };
  std::optional<Expr> k, s;
  if (step != 1) {
    Result<Expr> b = scalar_buffer(in, type.dtype, narrow(step), in.name() + "_step");
    TF_TRY(b);
    k = *b;
  }
  if (start != 0) {
    Result<Expr> b = scalar_buffer(in, type.dtype, narrow(start), in.name() + "_start");
    TF_TRY(b);
    s = *b;
  }
  Result<bool> loops = element_loops(in.lc, type.shape, [&](const std::vector<Expr>& at) -> Result<bool> {
    Result<Expr> e = element_of(in.lc, *dst, type.shape, type.shape, at, in.name() + "_e");
    TF_TRY(e);
    Result<bool> f = in.lc.emit(tir::TirOp::Fill, {*e, at[0]});
    TF_TRY(f);
    if (k) {
      Result<bool> m = in.lc.emit(tir::TirOp::Binary, {*e, *k, *e}, {tir::kind_attr(BinaryKind::Mul)});
      TF_TRY(m);
    }
    if (s) {
      Result<bool> a = in.lc.emit(tir::TirOp::Binary, {*e, *s, *e}, {tir::kind_attr(BinaryKind::Add)});
      TF_TRY(a);
    }
    return true;
  });
  TF_TRY(loops);
  return *dst;
}

// rank(x): x's rank as a rank-0 i64 (x lowered first, as HIR evaluates it, its value unused).
Result<Expr> rule_rank(const RuleInput& in) {
  return filled(in, static_cast<std::int64_t>(tensor_type_of(*in.call.args[0])->shape.size()));
}

// shape_of(x): element k of the rank-1 i64 result is x's extent k, a literal, or for a DimVar
// extent the DimVar, which the machine model reads from the run's binding and the emitter from
// its scalar; an extent of dim arithmetic has no TIR value yet.
Result<bool> match_shape_of(const LoweringContext& lc, const Call& c) {
  for (const ShapeDim& d : tensor_type_of(*c.args[0])->shape)
    if (!d.is_static() && d.dim_var() == nullptr) return lc.refusal(c, "shape_of", "an extent of dim arithmetic has no TIR value yet");
  return true;
}

Result<Expr> rule_shape_of(const RuleInput& in) {
  const TensorType& type = *tensor_type_of(in.call);
  const std::vector<ShapeDim>& extents = tensor_type_of(*in.call.args[0])->shape;
  Result<Expr> dst = alloc_value(in.lc, in.strategy, type, type.dtype, in.name());
  TF_TRY(dst);
  for (std::size_t k = 0; k < extents.size(); ++k) {
    Result<Expr> at = index_constant(static_cast<std::int64_t>(k));
    TF_TRY(at);
    Result<Expr> e = element_at(in.lc, *dst, {*at}, fmt::format("{}_{}", in.name(), k));
    TF_TRY(e);
    Result<Expr> value = extent_value(extents[k]);
    TF_TRY(value);
    Result<bool> f = in.lc.emit(tir::TirOp::Fill, {*e, *value});
    TF_TRY(f);
  }
  return *dst;
}

// clamp of a dtype it has a rule for: integers and the floats but f4e2m1, whose bounds no TIR
// buffer can hold (a fill converts its value, and f4e2m1 has no Cast: seed 000 section 3, "f4e2m1
// has no evaluator Cast", TYPES.3.DTYPE.eval-cast-f4e2m1-unsupported); bool (HIR compares 0 / 1
// with the bounds) has none, as HIR's typeinfer refuses it.
Result<bool> match_clamp(const LoweringContext& lc, const Call& c) {
  const DType d = tensor_type_of(c)->dtype;
  if (d == DType::f4e2m1()) return f4e2m1_refusal(lc, c, "clamp");
  if (!d.is_integer() && !d.is_float()) return lc.refusal(c, "clamp", fmt::format("clamp of {} has no lowering rule yet", d.name()));
  return true;
}

// clamp(x, lo, hi): max(x, lo') then min(., hi'), x converted first (its failure is the clamp's,
// as in HIR).
//  - Float dtypes: lo' and hi' the bounds rounded once to the dtype (its default mode: RNE, or
//    toward +inf for f8e8m0). HIR clamps on exact values and rounds once in that mode; every
//    such rounding is monotone and keeps representable values, so
//    round(min(max(x, lo), hi)) = min(max(x, round(lo)), round(hi)), and max / min are IEEE
//    maximum / minimum in both (NaN in, NaN out; +0 above -0).
//  - Integer dtypes: lo' and hi' the bounds' default integer conversions (to_integer). HIR
//    compares x with the exact bounds and gives the converted bound: x < lo exactly when
//    x < trunc(lo) for a negative lo, and for a positive one the integers below lo end at
//    trunc(lo) itself, so max(x, trunc(lo)) is HIR's lower clamp (saturation keeps it), and the
//    same holds above; lo > hi gives trunc(hi) in both. A NaN bound makes every element 0.
Result<Expr> rule_clamp(const RuleInput& in) {
  const TensorType& type = *tensor_type_of(in.call);
  const DType d = type.dtype;
  const double lo_value = in.attr<double>("min_val"), hi_value = in.attr<double>("max_val");
  const bool integer = d.is_integer();
  const Expr& x = in.operands[0];
  if (integer && (std::isnan(lo_value) || std::isnan(hi_value))) return filled(in, std::int64_t{0});
  auto bound = [&](double v) -> ConstantValue {
    if (integer) return to_integer(v, d);
    return v;
  };
  Result<Expr> lo = scalar_buffer(in, d, bound(lo_value), "lo");
  TF_TRY(lo);
  Result<Expr> hi = scalar_buffer(in, d, bound(hi_value), "hi");
  TF_TRY(hi);
  Result<Expr> low = alloc_value(in.lc, in.strategy, type, d, "at_least_lo");
  TF_TRY(low);
  Result<bool> m = in.lc.emit(tir::TirOp::Binary, {x, *lo, *low}, {tir::kind_attr(BinaryKind::Max)});
  TF_TRY(m);
  Result<Expr> dst = alloc_value(in.lc, in.strategy, type, d, in.name());
  TF_TRY(dst);
  Result<bool> n = in.lc.emit(tir::TirOp::Binary, {*low, *hi, *dst}, {tir::kind_attr(BinaryKind::Min)});
  TF_TRY(n);
  return *dst;
}

// dst = alloc; Binary(lhs, rhs, dst, kind).
Result<Expr> rule_binary(const RuleInput& in) {
  return elementwise(in, tir::TirOp::Binary, {tir::kind_attr(binary_kind_of(in.call))});
}

Result<Expr> rule_unary(const RuleInput& in) {
  return elementwise(in, tir::TirOp::Unary, {tir::kind_attr(unary_kind_of(in.call))});
}

Result<Expr> rule_relu(const RuleInput& in) { return elementwise(in, tir::TirOp::ReLU, {}); }

// The activations are the Unary kinds of the same names (unary_kinds.def), which compute what
// the HIR ops compute (eval/hir/activation_eval.cpp evaluates them through those kinds).
template <UnaryKind kKind>
Result<Expr> rule_activation(const RuleInput& in) {
  return elementwise(in, tir::TirOp::Unary, {tir::kind_attr(kKind)});
}

Result<Expr> rule_gelu(const RuleInput& in) {
  const auto approximate = enum_value<hir::GeluApproximation>(in.call.attr("approximate"));
  return elementwise(in, tir::TirOp::Unary, {tir::kind_attr(hir::gelu_unary_kind(approximate))});
}

// A cast: Unary(kind=cast) with the HIR cast's rounding, saturate and scale_method, each given
// only when the HIR cast names it (TIR's cast takes an absent one as the destination's default,
// as HIR does); the TIR verifier and HIR's typeinfer offer the same modes (docs/numerics.md). A
// block-scaled destination makes it a quantize, a block-scaled source a dequantize (TIR's cast
// of the planes, docs/lowering.md "Block-scaled values").
Result<Expr> rule_cast(const RuleInput& in) {
  std::vector<NamedAttr> attrs{tir::kind_attr(UnaryKind::Cast)};
  for (const char* mode : {"rounding", "saturate", "scale_method"})
    if (!attr_is_none(in.call, mode)) attrs.push_back({mode, in.call.attr(mode)});
  return elementwise(in, tir::TirOp::Unary, std::move(attrs));
}

// local(x) is refused, always: HIR's value is x's full logical value (the evaluator is one
// participant, docs/hir-semantics.md, as upstream's evaluator is) while its type is one
// participant's part (seed 000 section 2.1's local_type_of). No TIR tensor of that type holds that
// value, and giving each participant its part would compute another value than HIR's.
Result<bool> match_local(const LoweringContext& lc, const Call& c) {
  return lc.refusal(c, c.op.name(), "its value is its operand's full logical value while its type is one participant's part "
                                "(docs/hir-semantics.md): no TIR tensor of that type holds it");
}

Result<Expr> rule_local(const RuleInput& in) {
  return category_error(DiagCategory::Internal, fmt::format("local (binding `{}`) passed its refusal", in.name()));
}

// dim.DimAdd ... dim.DimMax: i64 arithmetic (D7) on rank-0 registers, the operands a DimVar's
// register, a literal's or another dim op's: add, sub, mul, min and max as TIR's integer kinds
// (the wrap-around never happens within a DimVar's bounds), floor_div and mod as TIR's, which
// follow Python as HIR's dim arithmetic does; a zero divisor is an error at both levels.
Result<Expr> rule_dim_arith(const RuleInput& in) {
  static constexpr std::pair<DimOpKind, BinaryKind> kKinds[] = {
      {DimOpKind::Add, BinaryKind::Add},           {DimOpKind::Sub, BinaryKind::Sub}, {DimOpKind::Mul, BinaryKind::Mul},
      {DimOpKind::FloorDiv, BinaryKind::FloorDiv}, {DimOpKind::Mod, BinaryKind::Mod}, {DimOpKind::Min, BinaryKind::Min},
      {DimOpKind::Max, BinaryKind::Max}};
  const DimOpKind kind = *dim_op_kind(in.call.op);
  BinaryKind binary = BinaryKind::Add;
  for (const auto& [d, b] : kKinds)
    if (d == kind) binary = b;
  Result<Expr> dst = scalar_register(in.lc, DType::i64(), in.name());
  TF_TRY(dst);
  Result<bool> done = binary_into(in.lc, binary, in.operands[0], in.operands[1], *dst);
  TF_TRY(done);
  return *dst;
}

// Within the one thread: no workspace. HIR counts negative axes from the end; TIR's axes are in
// [0, rank), and inside a grid part they move with a row value's leading axes (a reduction
// across rows spans the part's leading axes: a collective over the CTA's threads).
Result<Expr> rule_reduce(const RuleInput& in) {
  std::vector<std::int64_t> axes = in.attr<std::vector<std::int64_t>>("axes");
  const std::vector<ShapeDim>& shape = tensor_type_of(*in.call.args[0])->shape;
  const auto rank = static_cast<std::int64_t>(shape.size());
  for (std::int64_t& a : axes)
    if (a < 0) a += rank;
  axes = in.strategy.reduce_axes(shape, axes);
  return elementwise(in, tir::TirOp::Reduce, {{"axes", axes}, tir::kind_attr(reduce_kind_of(in.call))},
                     {tir::no_workspace()});
}

// rms_norm(src, dst, weight, eps): the one thread holds every row.
Result<Expr> rule_rms_norm(const RuleInput& in) {
  const TensorType& type = *tensor_type_of(in.call);
  Result<Expr> dst = alloc_value(in.lc, in.strategy, type, type.dtype, in.name());
  TF_TRY(dst);
  Result<bool> e = in.lc.emit(tir::TirOp::RMSNorm, {in.operands[0], *dst, in.operands[1]}, {{"eps", in.call.attr("eps")}});
  TF_TRY(e);
  return *dst;
}

// where(cond, input, other) (HIR: the operands broadcast to the result, element bits copied):
// per-element loops over the result (element_loops.h), each element `if c { copy(a, r) } else
// { copy(b, r) }` on rank-0 views. TIR has no select op (seed 002), and arithmetic cannot stand
// in for one (a * c + b * (1 - c) turns an infinite unselected operand into NaN); For, If and
// views can. The operands are read whole, so under the sharded strategy each thread computes
// every element (as rms_norm); inside a grid part the loops run over the thread's own rows, a
// row operand read in its part and a shared one broadcast along the trailing axes.
// where with block-scaled branches (HIR: the dequantized values selected, the result quantized
// once): each branch dequantized into an f32 buffer, the choice made over those, the f32 result
// quantized with the format's default method.
Result<Expr> rule_where(const RuleInput& in) {
  const TensorType& type = *tensor_type_of(in.call);
  const bool quantized = type.dtype.is_compound();
  std::vector<Expr> operands = in.operands;
  for (std::size_t k = 1; quantized && k < 3; ++k) {
    const TensorType& branch_type = *tensor_type_of(*in.call.args[k]);
    Result<Expr> wide = alloc_value(in.lc, in.strategy, branch_type, DType::f32(), in.name() + "_f32");
    TF_TRY(wide);
    Result<bool> cast = unary_into(in.lc, UnaryKind::Cast, operands[k], *wide);
    TF_TRY(cast);
    operands[k] = *wide;
  }
  Result<Expr> dst = alloc_value(in.lc, in.strategy, type, quantized ? DType::f32() : type.dtype, in.name());
  TF_TRY(dst);
  const GridPart* part = in.strategy.part;
  const std::vector<ShapeDim> shape = in.strategy.own_shape(type.shape);
  Result<bool> loops = element_loops(in.lc, shape, [&](const std::vector<Expr>& at) -> Result<bool> {
    std::vector<Expr> element;
    for (std::size_t k = 0; k < 3; ++k) {
      const std::vector<ShapeDim>& operand = tensor_type_of(*in.call.args[k])->shape;
      const bool row = part != nullptr && part->is_row_value(*in.call.args[k]);
      Result<Expr> e = element_of(in.lc, operands[k], row ? part->own_shape(operand) : operand, shape, at,
                                  in.name() + std::string(k == 0 ? "_c" : k == 1 ? "_a" : "_b"));
      if (!e.ok()) return in.lc.refusal(in.call, "where", e.diagnostics().front().message);
      element.push_back(*e);
    }
    Result<Expr> out = element_of(in.lc, *dst, shape, shape, at, in.name() + "_r");
    TF_TRY(out);
    return branch(
        in.lc, element[0], [&] { return in.lc.emit(tir::TirOp::Copy, {element[1], *out}); },
        [&] { return in.lc.emit(tir::TirOp::Copy, {element[2], *out}); });
  });
  TF_TRY(loops);
  if (!quantized) return *dst;
  Result<Expr> q = alloc_value(in.lc, in.strategy, type, type.dtype, in.name() + "_q");
  TF_TRY(q);
  Result<bool> cast = unary_into(in.lc, UnaryKind::Cast, *dst, *q);
  TF_TRY(cast);
  return *q;
}

}  // namespace

void register_lowering_rules(const OpRegistry& registry, LoweringPatterns& patterns) {
  using hir::MathOp, hir::NnOp, hir::TensorOp;
  using F = OperandForm;
  auto math = [&](MathOp op) { return hir::math_op(op, registry); };
  auto nn = [&](NnOp op) { return hir::nn_op(op, registry); };
  auto tensor = [&](TensorOp op) { return hir::tensor_op(op, registry); };
  const std::pair<Op, LoweringPattern> rules[] = {
      {math(MathOp::Binary), {F::AsResult, &rule_binary}},
      {math(MathOp::Unary), {F::AsResult, &rule_unary}},
      {nn(NnOp::ReLU), {F::AsResult, &rule_relu}},
      {nn(NnOp::Sigmoid), {F::AsResult, &rule_activation<UnaryKind::Sigmoid>}},
      {nn(NnOp::Tanh), {F::AsResult, &rule_activation<UnaryKind::Tanh>}},
      {nn(NnOp::Gelu), {F::AsResult, &rule_gelu}},
      {nn(NnOp::Silu), {F::AsResult, &rule_activation<UnaryKind::Silu>}},
      {math(MathOp::Softplus), {F::AsResult, &rule_activation<UnaryKind::Softplus>}},
      {tensor(TensorOp::Cast), {F::AsResult, &rule_cast, nullptr, true}},
      {tensor(TensorOp::Reduce), {F::AsResult, &rule_reduce}},
      {nn(NnOp::RMSNorm), {F::Whole, &rule_rms_norm}},
      {tensor(TensorOp::Zeros), {F::Whole, &rule_zeros, nullptr, true}},
      {tensor(TensorOp::Arange), {F::Whole, &rule_arange, &match_arange}},
      {tensor(TensorOp::Rank), {F::Whole, &rule_rank}},
      {tensor(TensorOp::IndexSelect), kIndexSelectPattern},
      {tensor(TensorOp::IndexCopy), kIndexCopyPattern},
      {tensor(TensorOp::IndexAdd), kIndexAddPattern},
      {tensor(TensorOp::CacheUpdate), kCacheUpdatePattern},
      {tensor(TensorOp::ArgMax), kArgMaxPattern},
      {tensor(TensorOp::TopK), kTopKPattern},
      {nn(NnOp::RoPE), kRoPEPattern},
      {nn(NnOp::Conv2D), kConv2DPattern},
      {tensor(TensorOp::RepeatInterleave), kRepeatInterleavePattern},
      {tensor(TensorOp::ShapeOf), {F::Whole, &rule_shape_of, &match_shape_of}},
      {tensor(TensorOp::FullLike), {F::Whole, &rule_full_like, nullptr, true}},
      {math(MathOp::Clamp), {F::Whole, &rule_clamp, &match_clamp}},
      {tensor(TensorOp::Where), {F::Whole, &rule_where, nullptr, true}},
      {tensor(TensorOp::Transpose), kTransposePattern},
      {tensor(TensorOp::Reshape), kReshapePattern},
      {tensor(TensorOp::Slice), kSlicePattern},
      {tensor(TensorOp::InsertSlice), kInsertSlicePattern},
      {tensor(TensorOp::Split), kSplitPattern},
      {tensor(TensorOp::Concat), kConcatPattern},
      {tensor(TensorOp::Stack), kStackPattern},
      {nn(NnOp::SoftMax), kSoftmaxPattern},
      {nn(NnOp::LayerNorm), kLayerNormPattern},
      {tensor(TensorOp::Quant), kQuantPattern},
      {hir::cuda_nn_op(hir::CudaNnOp::MmaSm80_16x8x16, registry), kMmaTilePattern},
      {hir::cuda_nn_op(hir::CudaNnOp::WgmmaSm90_64x128x16, registry), kMmaTilePattern},
      {nn(NnOp::MatMul), kMatmulPattern},
      {hir::sharding_op(hir::ShardingOp::Reshard, registry), kReshardPattern},
      {hir::sharding_op(hir::ShardingOp::Local, registry), {F::Whole, &rule_local, &match_local}},
  };
  for (const auto& [op, pattern] : rules) patterns.set(op, pattern);
  for (DimOpKind kind : kAllDimOps) patterns.set(dim_op(kind), {F::Whole, &rule_dim_arith});
}

}  // namespace tf::lower
