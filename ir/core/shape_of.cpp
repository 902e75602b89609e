#include "ir/core/shape_of.h"

#include <fmt/format.h>

#include "ir/type/tensor_type.h"
#include "ir/type/type_print.h"

namespace tf {

Result<ShapeOfRef> ShapeOf::make(VarRef param, std::int64_t axis) {
  if (!param) return category_error(DiagCategory::Type, "ShapeOf of a null parameter");
  const TensorType* t = param->type()->as<TensorType>();
  if (t == nullptr)
    return category_error(DiagCategory::Type,
                          fmt::format("ShapeOf({}, {}): {} has type {}, not a tensor type",
                                      param->name, axis, param->name, short_text(param->type())));
  if (axis < 0 || axis >= t->rank())
    return rule_error("TIR.2.2.SHAPEOF.axis-valid",
                      fmt::format("ShapeOf({}, {}): axis {} is not an axis of {}, which has rank "
                                  "{}",
                                  param->name, axis, axis, short_text(param->type()), t->rank()));
  return ShapeOfRef(new ShapeOf(std::move(param), axis, TensorType::meta_scalar(DType::i32())));
}

const ShapeDim& ShapeOf::extent() const {
  return param->type()->as<TensorType>()->shape[static_cast<std::size_t>(axis)];
}

}  // namespace tf
