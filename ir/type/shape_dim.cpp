#include "ir/type/shape_dim.h"

#include <fmt/format.h>

#include "ir/core/constant.h"
#include "ir/core/expr_print.h"
#include "ir/core/structural.h"
#include "ir/type/tensor_type.h"

namespace tf {

ShapeDim::ShapeDim(DimVarRef var) : dim_(Expr(var)) {
  TF_CHECK(var, "a ShapeDim DimVar must not be null");
}

Result<ShapeDim> ShapeDim::from_expr(const Expr& e) {
  TF_CHECK(e, "a ShapeDim expression must not be null");
  if (const Constant* c = e->as<Constant>()) {
    if (c->is_int()) return ShapeDim(c->int_value());
    return rule_error("TYPES.4.DIM.expr-type-i64",
                      fmt::format("the constant {} is not an integer and cannot be a shape "
                                  "dimension",
                                  short_text(e)));
  }
  const TensorType* t = e->type()->as<TensorType>();
  if (t == nullptr || t->rank() != 0 || !t->dtype.is_integer())
    return rule_error("TYPES.4.DIM.expr-type-i64",
                      fmt::format("the shape dimension {} must be a rank-0 integer expression "
                                  "(a dim expression is TensorType.meta_scalar(i64))",
                                  short_text(e)));
  if (t->storage.has_value())
    return rule_error("TYPES.4.DIM.shape-element-storage-none",
                      fmt::format("the shape dimension {} has storage={}; shape elements carry "
                                  "no memory and use storage=None",
                                  short_text(e), to_string(*t->storage)));
  return ShapeDim(e);
}

std::int64_t ShapeDim::value() const {
  TF_CHECK(is_static(), "value() of a symbolic shape dimension");
  return std::get<0>(dim_);
}

const Expr& ShapeDim::expr() const {
  TF_CHECK(!is_static(), "expr() of a static shape dimension");
  return std::get<1>(dim_);
}

const DimVar* ShapeDim::dim_var() const {
  return is_static() ? nullptr : std::get<1>(dim_)->as<DimVar>();
}

bool operator==(const ShapeDim& a, const ShapeDim& b) {
  if (a.is_static() != b.is_static()) return false;
  if (a.is_static()) return a.value() == b.value();
  return structural_equal(a.expr(), b.expr());
}

}  // namespace tf
