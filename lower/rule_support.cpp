#include "lower/rule_support.h"


#include "ir/core/call.h"
#include "ir/core/constant.h"
#include "ir/dim/dim_eval.h"
#include "ir/layout/shard_layout.h"
#include "lower/lowering_limits.h"
#include "lower/strategy.h"

namespace tf::lower {

std::optional<std::vector<std::int64_t>> static_extents(const std::vector<ShapeDim>& shape) {
  std::vector<std::int64_t> out;
  for (const ShapeDim& d : shape) {
    if (!d.is_static()) return std::nullopt;
    out.push_back(d.value());
  }
  return out;
}

void dim_names(const ShapeDim& d, std::set<std::string>& out) {
  if (!d.is_static())
    for (const DimVarRef& v : free_dim_vars(d.expr())) out.insert(v->name);
}

void dim_names(const IRType& type, std::set<std::string>& out) {
  if (const auto* t = type->as<TensorType>())
    for (const ShapeDim& d : t->shape) dim_names(d, out);
}

Diagnostic f4e2m1_refusal(const LoweringContext& lc, const ExprNode& e, std::string_view what) {
  Diagnostic d = lc.refusal(e, what, "f4e2m1 values are made by a fill, which converts, and f4e2m1 has no Cast");
  d.rule_id = "TYPES.3.DTYPE.eval-cast-f4e2m1-unsupported";
  return d;
}

std::optional<std::int64_t> literal_start(const Expr& e) {
  const Constant* k = e->as<Constant>();
  if (k == nullptr || !std::holds_alternative<std::int64_t>(k->value)) return std::nullopt;
  return std::get<std::int64_t>(k->value);
}

bool attr_is_none(const Call& c, std::string_view name) {
  return std::holds_alternative<std::monostate>(c.attr(name));
}

StorageKind value_storage(const StrategyContext& strategy, const std::vector<ShapeDim>& shape, DType dtype) {
  const std::optional<std::vector<std::int64_t>> extents = static_extents(shape);
  if (!strategy.one_thread || !extents) return StorageKind::Rmem;
  std::int64_t elements = 1;
  for (std::int64_t e : *extents)
    if (__builtin_mul_overflow(elements, e, &elements)) return StorageKind::Gmem;
  const std::optional<std::int64_t> bytes = storage_bytes(elements, dtype);
  return !bytes || *bytes > kSerialRegisterBytes ? StorageKind::Gmem : StorageKind::Rmem;
}

Result<Expr> alloc_value(LoweringContext& lc, const StrategyContext& strategy, const TensorType& like, DType dtype,
                         std::string_view hint) {
  const GridPart* part = strategy.part;
  if (part == nullptr || !part->is_row(like.shape))
    return lc.alloc_buffer(like.shape, dtype, std::nullopt, value_storage(strategy, like.shape, dtype), hint);
  return lc.alloc_buffer(part->held_shape(like.shape), dtype, part->held_layout(like.shape), StorageKind::Rmem, hint);
}

Result<Expr> emit_into(LoweringContext& lc, tir::TirOp tir_op, std::vector<Expr> operands, const Expr& dst,
                       std::vector<Expr> after_dst, std::vector<NamedAttr> attrs) {
  operands.push_back(dst);
  operands.insert(operands.end(), after_dst.begin(), after_dst.end());
  Result<bool> e = lc.emit(tir_op, std::move(operands), std::move(attrs));
  TF_TRY(e);
  return dst;
}

Result<Expr> bound_view(LoweringContext& lc, const Expr& x, LayoutBase layout, std::string_view hint) {
  return window_view(lc, x, {}, std::move(layout), hint);
}

Result<Expr> window_view(LoweringContext& lc, const Expr& x, std::vector<Expr> starts, LayoutBase layout, std::string_view hint) {
  starts.insert(starts.begin(), x);
  Result<Expr> v = lc.call(tir::TirOp::TensorView, std::move(starts), {{"layout", std::move(layout)}});
  TF_TRY(v);
  return lc.bind(hint, *v);
}

Result<Expr> index_constant(std::int64_t v) {
  Result<TensorTypeRef> t = TensorType::make({}, DType::i64(), std::nullopt, StorageKind::Rmem);
  TF_TRY(t);
  Result<ConstantRef> c = Constant::make(v, IRType(*t));
  TF_TRY(c);
  return Expr(*c);
}

Result<Expr> extent_value(const ShapeDim& d) {
  if (!d.is_static()) return d.expr();
  return index_constant(d.value());
}

Result<Expr> copy_of(LoweringContext& lc, const StrategyContext& strategy, const Expr& v, std::string_view hint) {
  const TensorType& type = *tensor_type_of(*v);
  Result<Expr> t = alloc_value(lc, strategy, type, type.dtype, hint);
  TF_TRY(t);
  Result<bool> c = lc.emit(tir::TirOp::Copy, {v, *t});
  TF_TRY(c);
  return *t;
}

}  // namespace tf::lower
