// Ops that lower to several TIR ops (docs/lowering.md): softmax as reductions plus elementwise
// ops.
#include <fmt/format.h>

#include "ir/tir/tir_ops.h"
#include "lower/rule_support.h"

namespace tf::lower {

namespace {

// A register tensor of `shape` and `dtype` named after `hint`.
Result<Expr> alloc_shaped(LoweringContext& lc, std::vector<ShapeDim> shape, DType dtype, std::string_view hint) {
  Result<TensorTypeRef> type = TensorType::make(std::move(shape), dtype, std::nullopt, StorageKind::Rmem);
  TF_TRY(type);
  return lc.alloc(**type, dtype, hint);
}

// dst = alloc(shape of `like`, dtype); `op`(operands..., dst, attrs).
Result<Expr> apply(LoweringContext& lc, std::string_view op, std::vector<Expr> operands, const std::vector<ShapeDim>& shape,
                   DType dtype, std::vector<NamedAttr> attrs, std::string_view hint, std::vector<Expr> after_dst = {}) {
  Result<Expr> dst = alloc_shaped(lc, shape, dtype, hint);
  TF_TRY(dst);
  operands.push_back(*dst);
  operands.insert(operands.end(), after_dst.begin(), after_dst.end());
  Result<bool> e = lc.emit(op, std::move(operands), std::move(attrs));
  TF_TRY(e);
  return *dst;
}

}  // namespace

// softmax(x, axis=a), HIR's arithmetic step by step (docs/hir-semantics.md): x read as f32;
// m = max over a (kept as an extent-1 axis); e = exp(x - m); s = f32(sum of e over a, in f64 in
// index order); y = e / s; y rounded once to x's dtype. Each step is the TIR op whose element
// rule is the HIR step's (Reduce max and sum are the HIR reductions; exp is Unary exp), so the
// bits are the HIR softmax's.
Result<Expr> lower_softmax(LoweringContext& lc, const Call& c) {
  const TensorType& type = *tensor_type_of(c);
  const auto rank = static_cast<std::int64_t>(type.shape.size());
  std::int64_t axis = std::get<std::int64_t>(c.attr("axis"));
  if (axis < 0) axis += rank;
  Result<Expr> x = lower_value(lc, c.args[0]);
  TF_TRY(x);
  const DType f32 = DType::f32();
  Expr wide = *x;
  if (type.dtype != f32) {
    Result<Expr> w = apply(lc, "tir.arith.Unary", {*x}, type.shape, f32, {{"kind", std::string("cast")}}, "x_f32");
    TF_TRY(w);
    wide = *w;
  }
  std::vector<ShapeDim> kept = type.shape;
  kept[static_cast<std::size_t>(axis)] = ShapeDim(1);
  const std::vector<NamedAttr> reduce_max{{"axes", std::vector<std::int64_t>{axis}}, {"kind", std::string("max")}};
  Result<Expr> m = apply(lc, "tir.tensor.Reduce", {wide}, kept, f32, reduce_max, "row_max", {tir::no_workspace()});
  TF_TRY(m);
  Result<Expr> d = apply(lc, "tir.arith.Binary", {wide, *m}, type.shape, f32, {{"kind", std::string("sub")}}, "shifted");
  TF_TRY(d);
  Result<Expr> e = apply(lc, "tir.arith.Unary", {*d}, type.shape, f32, {{"kind", std::string("exp")}}, "exps");
  TF_TRY(e);
  const std::vector<NamedAttr> reduce_sum{{"axes", std::vector<std::int64_t>{axis}}, {"kind", std::string("sum")}};
  Result<Expr> s = apply(lc, "tir.tensor.Reduce", {*e}, kept, f32, reduce_sum, "row_sum", {tir::no_workspace()});
  TF_TRY(s);
  const std::string name = lc.binding_name(c);
  const std::string result = name.empty() ? "t" : name;
  Result<Expr> y = apply(lc, "tir.arith.Binary", {*e, *s}, type.shape, f32, {{"kind", std::string("div")}},
                         type.dtype == f32 ? result : result + "_f32");
  TF_TRY(y);
  if (type.dtype == f32) return *y;
  return apply(lc, "tir.arith.Unary", {*y}, type.shape, type.dtype, {{"kind", std::string("cast")}}, result);
}

}  // namespace tf::lower
