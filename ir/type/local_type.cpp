#include "ir/type/local_type.h"

#include <fmt/format.h>

#include "ir/layout/print.h"
#include "ir/layout/shard_local_shape.h"
#include "ir/type/tensor_type.h"
#include "ir/type/tuple_type.h"
#include "ir/type/type_functor.h"
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
                                    to_string(extent), short_text(type)));
    shape.emplace_back(extent.value());
  }
  Result<TensorTypeRef> projected =
      TensorType::make(std::move(shape), t.dtype, std::nullopt, t.storage);
  TF_TRY(projected);
  return IRType(*projected);
}

}  // namespace

namespace {

// The local type of each kind: a tensor projects through its ShardLayout, a tuple field by
// field, the others are their own.
class LocalType final : public TypeFunctor<Result<IRType>> {
 protected:
  Result<IRType> on(const TensorType& t) override { return project_tensor(IRType(&t), t); }
  Result<IRType> on(const TupleType& t) override {
    std::vector<IRType> fields;
    for (const IRType& field : t.fields) {
      Result<IRType> projected = dispatch(*field);
      TF_TRY(projected);
      fields.push_back(*projected);
    }
    Result<TupleTypeRef> tuple = TupleType::make(std::move(fields));
    TF_TRY(tuple);
    return IRType(*tuple);
  }
  Result<IRType> on(const UnitType& t) override { return IRType(&t); }
  Result<IRType> on(const CallableType& t) override { return IRType(&t); }
};

}  // namespace

Result<IRType> local_type_of(const IRType& type) {
  TF_CHECK(type, "local_type_of of a null type");
  return LocalType().dispatch(*type);
}

}  // namespace tf
