// The serial rule of each HIR op (hir_to_tir.h): one TIR effect op on whole register tensors;
// lower_value, which dispatches every HIR node to its rule.
#include "lower/lower_rules.h"

#include <fmt/format.h>

#include <cmath>
#include <limits>
#include <map>
#include <memory>
#include <mutex>

#include "ir/core/constant.h"
#include "ir/core/expr_functor.h"
#include "ir/core/expr_print.h"
#include "ir/core/var.h"
#include "ir/hir/math_ops.h"
#include "ir/hir/nn_ops.h"
#include "ir/hir/sharding_ops.h"
#include "ir/hir/tensor_ops.h"
#include "ir/type/tuple_type.h"
#include "ir/numerics/cast_mode.h"
#include "ir/tir/tir_ops.h"
#include "lower/elementwise_rule.h"
#include "lower/rule_support.h"
#include "lower/shard_rule.h"

namespace tf::lower {

namespace {

// A rank-0 register literal of `c`'s dtype and payload (D7: TIR literals are rmem scalars).
Result<Expr> tir_literal(LoweringContext& lc, const Constant& c) {
  const DType dtype = tensor_type_of(c)->dtype;
  Result<TensorTypeRef> type = TensorType::make({}, dtype, std::nullopt, StorageKind::Rmem);
  TF_TRY(type);
  Result<ConstantRef> lit = Constant::make(c.value, IRType(*type));
  TF_TRY(lit);
  return Expr(*lit);
}

// `let c = alloc_tensor(Tensor[(), D, storage=rmem]); fill(c, literal)`.
Result<Expr> lower_constant(LoweringContext& lc, const Constant& c) {
  const TensorType& type = *tensor_type_of(c);
  if (type.dtype.is_float() && !(type.dtype == DType::f32() || type.dtype == DType::f16() || type.dtype == DType::bf16()))
    return lc.refusal(c, fmt::format("the {} literal", type.dtype.name()),
                      "narrow float literals (given by their codes) have no TIR fill yet");
  Result<Expr> lit = tir_literal(lc, c);
  TF_TRY(lit);
  Result<Expr> buf = lc.alloc(type, type.dtype, "c");
  TF_TRY(buf);
  Result<bool> fill = lc.emit(tir::TirOp::Fill, {*buf, *lit});
  TF_TRY(fill);
  return *buf;
}

// `let t = alloc_tensor(c's type); fill(t, literal)` with `value` as a literal of the dtype.
Result<Expr> filled(LoweringContext& lc, const Call& c, ConstantValue value) {
  const TensorType& type = *tensor_type_of(c);
  Result<TensorTypeRef> scalar = TensorType::make({}, type.dtype, std::nullopt, StorageKind::Rmem);
  TF_TRY(scalar);
  Result<ConstantRef> lit = Constant::make(value, IRType(*scalar));
  TF_TRY(lit);
  const std::string name = lc.binding_name(c);
  Result<Expr> t = lc.alloc(type, type.dtype, name.empty() ? "t" : name);
  TF_TRY(t);
  Result<bool> f = lc.emit(tir::TirOp::Fill, {*t, Expr(*lit)});
  TF_TRY(f);
  return *t;
}

// zeros(type): every element 0 (false, +0). f8e8m0 has no 0 (its code 0 is 2^-127) and the packed
// f4e2m1 no TIR register buffer of its own yet: refused.
Result<Expr> rule_zeros(LoweringContext& lc, const Call& c) {
  const DType d = tensor_type_of(c)->dtype;
  if (d == DType::f8e8m0() || d == DType::f4e2m1())
    return lc.refusal(c, "zeros", fmt::format("zeros of {} have no TIR fill (no value 0 to fill with)", d.name()));
  if (d.is_bool()) return filled(lc, c, false);
  if (d.is_integer()) return filled(lc, c, std::int64_t{0});
  return filled(lc, c, 0.0);
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
Result<Expr> rule_full_like(LoweringContext& lc, const Call& c) {
  // x only gives the type, but HIR evaluates it first, and an x whose evaluation fails fails the
  // full_like: lowered too, its value unused (found by the lowering law).
  Result<Expr> x = lower_value(lc, c.args[0]);
  TF_TRY(x);
  const DType d = tensor_type_of(c)->dtype;
  const double value = std::get<double>(c.attr("value"));
  if (d.is_integer()) return filled(lc, c, to_integer(value, d));
  if (d.is_bool()) return filled(lc, c, value != 0.0);
  if (!d.is_float() || d == DType::f8e8m0() || d == DType::f4e2m1())
    return lc.refusal(c, "full_like", fmt::format("full_like of {} has no TIR fill rule yet", d.name()));
  return filled(lc, c, value);
}

// A rank-0 register buffer of `dtype` filled with the literal `value` (a float rounded once to
// the dtype by Fill, an integer exactly).
Result<Expr> scalar_buffer(LoweringContext& lc, DType dtype, ConstantValue value, std::string_view hint) {
  Result<TensorTypeRef> scalar = TensorType::make({}, dtype, std::nullopt, StorageKind::Rmem);
  TF_TRY(scalar);
  Result<ConstantRef> lit = Constant::make(value, IRType(*scalar));
  TF_TRY(lit);
  Result<Expr> t = lc.alloc(**scalar, dtype, hint);
  TF_TRY(t);
  Result<bool> f = lc.emit(tir::TirOp::Fill, {*t, Expr(*lit)});
  TF_TRY(f);
  return *t;
}

// clamp(x, lo, hi): max(x, lo') then min(., hi').
//  - Float dtypes: lo' and hi' the bounds rounded once to the dtype. HIR clamps on exact values
//    and rounds once; rounding is monotone and keeps representable values, so
//    round(min(max(x, lo), hi)) = min(max(x, round(lo)), round(hi)), and max / min are IEEE
//    maximum / minimum in both (NaN in, NaN out; +0 above -0).
//  - Integer dtypes: lo' and hi' the bounds' default integer conversions (to_integer). HIR
//    compares x with the exact bounds and gives the converted bound: x < lo exactly when
//    x < trunc(lo) for a negative lo, and for a positive one the integers below lo end at
//    trunc(lo) itself, so max(x, trunc(lo)) is HIR's lower clamp (saturation keeps it), and the
//    same holds above; lo > hi gives trunc(hi) in both. A NaN bound makes every element 0.
//  - bool (HIR compares 0 / 1 with the bounds) has no rule.
Result<Expr> rule_clamp(LoweringContext& lc, const Call& c) {
  const TensorType& type = *tensor_type_of(c);
  const DType d = type.dtype;
  const double lo_value = std::get<double>(c.attr("min_val")), hi_value = std::get<double>(c.attr("max_val"));
  const bool integer = d.is_integer();
  if (!integer && (!d.is_float() || d == DType::f8e8m0() || d == DType::f4e2m1()))
    return lc.refusal(c, "clamp", fmt::format("clamp of {} has no lowering rule yet", d.name()));
  Result<Expr> x = lower_value(lc, c.args[0]);  // first: its failure is the clamp's, as in HIR
  TF_TRY(x);
  if (integer && (std::isnan(lo_value) || std::isnan(hi_value))) return filled(lc, c, std::int64_t{0});
  auto bound = [&](double v) -> ConstantValue {
    if (integer) return to_integer(v, d);
    return v;
  };
  Result<Expr> lo = scalar_buffer(lc, d, bound(lo_value), "lo");
  TF_TRY(lo);
  Result<Expr> hi = scalar_buffer(lc, d, bound(hi_value), "hi");
  TF_TRY(hi);
  Result<Expr> low = lc.alloc(type, d, "at_least_lo");
  TF_TRY(low);
  Result<bool> m = lc.emit(tir::TirOp::Binary, {*x, *lo, *low}, {tir::kind_attr(BinaryKind::Max)});
  TF_TRY(m);
  const std::string name = lc.binding_name(c);
  Result<Expr> dst = lc.alloc(type, d, name.empty() ? "t" : name);
  TF_TRY(dst);
  Result<bool> n = lc.emit(tir::TirOp::Binary, {*low, *hi, *dst}, {tir::kind_attr(BinaryKind::Min)});
  TF_TRY(n);
  return *dst;
}

// dst = alloc; Binary(lhs, rhs, dst, kind).
Result<Expr> rule_binary(LoweringContext& lc, const Call& c) {
  return elementwise(lc, c, tir::TirOp::Binary, {{"kind", c.attr("kind")}}, 2);
}

Result<Expr> rule_unary(LoweringContext& lc, const Call& c) {
  return elementwise(lc, c, tir::TirOp::Unary, {{"kind", c.attr("kind")}}, 1);
}

Result<Expr> rule_relu(LoweringContext& lc, const Call& c) { return elementwise(lc, c, tir::TirOp::ReLU, {}, 1); }

// A cast in the destination's default mode: Unary(kind=cast). An explicit rounding or saturate
// that is the destination's default (D4: `rounding=rn` to bf16, `rounding=rz, saturate=true` to
// an integer) is that cast too; another mode has no TIR form (TIR's cast takes the default).
Result<Expr> rule_cast(LoweringContext& lc, const Call& c) {
  if (!attr_is_none(c, "scale_method"))
    return lc.refusal(c, "cast", "an explicit scale_method has no TIR form: TIR's cast takes the destination's default mode");
  const DType to = tensor_type_of(c)->dtype;
  if (!to.is_compound()) {
    const numerics::CastMode fallback = numerics::default_cast_mode(to);
    numerics::CastMode mode = fallback;
    if (const auto* r = std::get_if<std::string>(&c.attr("rounding")))
      if (std::optional<numerics::Rounding> given = numerics::rounding_from_name(*r)) mode.rounding = *given;
    if (const bool* sat = std::get_if<bool>(&c.attr("saturate"))) mode.saturate = *sat;
    if (!(mode == fallback))
      return lc.refusal(c, "cast", fmt::format("rounding={}, saturate={} is not {}'s default mode ({}, saturate={}), and TIR's "
                                               "cast takes the default", numerics::rounding_name(mode.rounding), mode.saturate,
                                               to.name(), numerics::rounding_name(fallback.rounding), fallback.saturate));
  }
  if (tensor_type_of(*c.args[0])->dtype.is_compound())
    return lc.refusal(c, "cast", "casts from block-scaled values have no lowering rule yet");
  return elementwise(lc, c, tir::TirOp::Unary, {tir::kind_attr(UnaryKind::Cast)}, 1);
}

// Within the one thread: no workspace. HIR counts negative axes from the end; TIR's axes are in
// [0, rank), and inside a grid region they move with a row value's leading axes (a reduction
// across rows spans the part's leading axes: a collective over the CTA's threads).
Result<Expr> rule_reduce(LoweringContext& lc, const Call& c) {
  std::vector<std::int64_t> axes = std::get<std::vector<std::int64_t>>(c.attr("axes"));
  const std::vector<ShapeDim>& shape = tensor_type_of(*c.args[0])->shape;
  const auto rank = static_cast<std::int64_t>(shape.size());
  for (std::int64_t& a : axes)
    if (a < 0) a += rank;
  axes = lc.reduce_axes(shape, axes);
  return elementwise(lc, c, tir::TirOp::Reduce, {{"axes", axes}, {"kind", c.attr("kind")}}, 1, {tir::no_workspace()});
}

// rms_norm(src, dst, weight, eps): the one thread holds every row.
Result<Expr> rule_rms_norm(LoweringContext& lc, const Call& c) {
  Result<std::vector<Expr>> operands = lower_operands(lc, c);
  TF_TRY(operands);
  const TensorType& type = *tensor_type_of(c);
  const std::string name = lc.binding_name(c);
  Result<Expr> dst = lc.alloc(type, type.dtype, name.empty() ? "t" : name);
  TF_TRY(dst);
  Result<bool> e = lc.emit(tir::TirOp::RMSNorm, {(*operands)[0], *dst, (*operands)[1]}, {{"eps", c.attr("eps")}});
  TF_TRY(e);
  return *dst;
}

// where(cond, a, b): refused with its reason. TIR has no elementwise choice (seed 002's effect
// ops are copy, fill, binary, unary, relu, reduce, rms_norm and mma, none of which selects), and
// arithmetic cannot stand in for one (a * c + b * (1 - c) turns an infinite unselected operand
// into NaN).
Result<Expr> rule_where(LoweringContext& lc, const Call& c) {
  return lc.refusal(c, c.op.name(), "TIR has no elementwise choice to lower it to (seed 002's ops have no select)");
}

}  // namespace

void register_lowering_rules(const OpRegistry& registry, OpHandlers& handlers) {
  using hir::MathOp, hir::NnOp, hir::TensorOp;
  auto math = [&](MathOp op) { return hir::math_op(op, registry); };
  auto nn = [&](NnOp op) { return hir::nn_op(op, registry); };
  auto tensor = [&](TensorOp op) { return hir::tensor_op(op, registry); };
  const std::pair<Op, LowerHandler::Fn> rules[] = {
      {math(MathOp::Binary), &rule_binary},          {math(MathOp::Unary), &rule_unary},
      {nn(NnOp::ReLU), &rule_relu},                  {tensor(TensorOp::Cast), &rule_cast},
      {tensor(TensorOp::Reduce), &rule_reduce},      {nn(NnOp::RMSNorm), &rule_rms_norm},
      {tensor(TensorOp::Transpose), &lower_transpose}, {tensor(TensorOp::Reshape), &lower_reshape},
      {tensor(TensorOp::Zeros), &rule_zeros},        {tensor(TensorOp::FullLike), &rule_full_like},
      {math(MathOp::Clamp), &rule_clamp},            {nn(NnOp::SoftMax), &lower_softmax},
      {nn(NnOp::MatMul), &lower_matmul},             {tensor(TensorOp::Where), &rule_where},
      {tensor(TensorOp::Slice), &lower_slice},       {tensor(TensorOp::Split), &lower_split},
      {hir::sharding_op(hir::ShardingOp::Reshard, registry), &lower_reshard},
  };
  for (const auto& [op, fn] : rules) handlers.set<LowerHandler>(op, fn);
}

namespace {

// The rules by HIR op, in a dense handler table over `registry` (ir/core/op_handlers.h), built
// once per registry.
const OpHandlers& rules_for(const OpRegistry& registry) {
  static std::mutex mutex;
  static std::map<const OpRegistry*, std::unique_ptr<OpHandlers>>* tables =
      new std::map<const OpRegistry*, std::unique_ptr<OpHandlers>>();  // never destroyed
  std::lock_guard<std::mutex> lock(mutex);
  std::unique_ptr<OpHandlers>& t = (*tables)[&registry];
  if (!t) {
    t = std::make_unique<OpHandlers>(registry);
    register_lowering_rules(registry, *t);
  }
  return *t;
}

Result<Expr> lower_call(LoweringContext& lc, const Call& c) {
  const std::string op(c.op.name());
  std::vector<const TensorType*> types;  // the value's, or each field's of a tuple value
  if (const auto* tuple = c.type()->as<TupleType>()) {
    for (const IRType& f : tuple->fields) types.push_back(f->as<TensorType>());
  } else {
    types.push_back(tensor_type_of(c));
  }
  for (const TensorType* type : types) {
    if (type == nullptr) return lc.refusal(c, op, "its value is not a tensor or a tuple of tensors");
    if (type->layout && type->layout->is_shard() && lc.sharding() == nullptr)
      return lc.refusal(c, op, "sharded values (a ShardLayout type) have no lowering rule outside the sharded rule");
    if (type->dtype.is_compound())
      return lc.refusal(c, op, fmt::format("block-scaled {} values have no lowering rule yet", type->dtype.name()));
  }
  const OpHandlers& rules = rules_for(lc.ir().registry());
  if (!rules.has<LowerHandler>(c.op)) return lc.refusal(c, op, "no lowering rule for this op yet");
  return rules.get<LowerHandler>(c.op)(lc, c);
}

// What one expression of a body lowers to, by its kind (an ExprFunctor: a new kind does not
// compile until it is handled here).
class HeldLowering final : public ExprFunctor<Result<Expr>> {
 public:
  HeldLowering(LoweringContext& lc, const Expr& e) : lc_(lc), e_(e) {}

 private:
  Result<Expr> on(const Var& var) override {
    for (const VarRef& p : lc_.function().params())
      if (p.get() == &var) return e_;
    return lc_.refusal(var, fmt::format("the variable `{}`", var.name), "only parameters are variables of a lowered body");
  }
  Result<Expr> on(const Constant& c) override { return lower_constant(lc_, c); }
  Result<Expr> on(const Call& c) override { return lower_call(lc_, c); }
  Result<Expr> on(const GridRegionExpr& g) override { return lower_loop(lc_, g); }
  Result<Expr> on(const TupleGetItem& t) override { return lower_tuple_get_item(lc_, t); }
  Result<Expr> on(const FunctionCall& f) override { return lower_function_call(lc_, f); }
  Result<Expr> on(const DimVar&) override { return no_rule(); }
  Result<Expr> on(const Tuple&) override { return no_rule(); }
  Result<Expr> on(const SymbolRef&) override { return no_rule(); }
  Result<Expr> on(const ShapeOf&) override { return no_rule(); }

  Result<Expr> no_rule() const {
    return lc_.refusal(*e_, fmt::format("`{}`", short_text(e_)), "no lowering rule for this kind of expression yet");
  }

  LoweringContext& lc_;
  const Expr& e_;
};

}  // namespace

Result<Expr> lower_value(LoweringContext& lc, const Expr& e) {
  Result<Expr> v = lower_held(lc, e);
  TF_TRY(v);
  return lc.sharding() != nullptr ? gathered(lc, *v) : v;
}

Result<Expr> lower_held(LoweringContext& lc, const Expr& e) {
  if (const Expr* done = lc.lowered(e.get())) return *done;
  Result<bool> entered = lc.enter_node(*e);  // bounds the recursion through operands and inlined calls
  TF_TRY(entered);
  Result<Expr> v = HeldLowering(lc, e).dispatch(*e);
  lc.leave_node();
  TF_TRY(v);
  lc.remember(e.get(), *v);
  return v;
}

}  // namespace tf::lower

