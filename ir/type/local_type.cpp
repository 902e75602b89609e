#include "ir/type/local_type.h"

#include <fmt/format.h>

#include "ir/layout/print.h"
#include "ir/layout/shard_local_shape.h"
#include "ir/type/tensor_type.h"
#include "ir/type/tuple_type.h"
#include "ir/type/type_print.h"

namespace tf {

namespace {

Result<IRType> project_tensor(const IRType& type, const TensorType& t) {
  if (!t.layout || !t.layout->is_shard()) return type;
  Result<IntTuple> local = shard_layout_local_shape(*t.layout->as_shard());
  TF_TRY(local);
  std::vector<ShapeDim> shape;
  for (const IntTuple& extent : leaves(*local)) {
    if (!extent.is_int() || extent.value() < 0)
      return rule_error("TYPES.2.1.LOCAL.nonconcrete-extent-raises",
                        fmt::format("the local extent {} of {} is not a concrete non-negative "
                                    "integer",
                                    to_string(extent), to_string(type)));
    shape.emplace_back(extent.value());
  }
  Result<TensorTypeRef> projected =
      TensorType::make(std::move(shape), t.dtype, std::nullopt, t.storage);
  TF_TRY(projected);
  return IRType(*projected);
}

}  // namespace

Result<IRType> local_type_of(const IRType& type) {
  TF_CHECK(type, "local_type_of of a null type");
  switch (type->kind()) {
    case TypeKind::TensorType:
      return project_tensor(type, *type->as<TensorType>());
    case TypeKind::TupleType: {
      std::vector<IRType> fields;
      for (const IRType& field : type->as<TupleType>()->fields) {
        Result<IRType> projected = local_type_of(field);
        TF_TRY(projected);
        fields.push_back(*projected);
      }
      Result<TupleTypeRef> tuple = TupleType::make(std::move(fields));
      TF_TRY(tuple);
      return IRType(*tuple);
    }
    case TypeKind::UnitType:
    case TypeKind::CallableType:
      return type;
  }
  TF_UNREACHABLE("bad TypeKind");
}

}  // namespace tf
