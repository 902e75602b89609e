#include "lower/rule_support.h"

#include "ir/core/call.h"
#include "ir/layout/shard_layout.h"

namespace tf::lower {

std::optional<std::vector<std::int64_t>> static_extents(const std::vector<ShapeDim>& shape) {
  std::vector<std::int64_t> out;
  for (const ShapeDim& d : shape) {
    if (!d.is_static()) return std::nullopt;
    out.push_back(d.value());
  }
  return out;
}

// The operands of `c` lowered, in order.
Result<std::vector<Expr>> lower_operands(LoweringContext& lc, const Call& c) {
  std::vector<Expr> out;
  for (const Expr& a : c.args) {
    Result<Expr> v = lower_value(lc, a);
    TF_TRY(v);
    out.push_back(*v);
  }
  return out;
}

bool attr_is_none(const Call& c, std::string_view name) {
  return std::holds_alternative<std::monostate>(c.attr(name));
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
  Result<Expr> v = lc.call(tir::TirOp::TensorView, {x}, {{"layout", std::move(layout)}});
  TF_TRY(v);
  return lc.bind(hint, *v);
}

// A fresh register copy of `v` (a value that must not change under it).
Result<Expr> copy_of(LoweringContext& lc, const Expr& v, std::string_view hint) {
  const TensorType& type = *tensor_type_of(*v);
  Result<Expr> t = lc.alloc(type, type.dtype, hint);
  TF_TRY(t);
  Result<bool> c = lc.emit(tir::TirOp::Copy, {v, *t});
  TF_TRY(c);
  return *t;
}

}  // namespace tf::lower
