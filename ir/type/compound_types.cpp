// The factories of TupleType, UnitType and CallableType, and the type kind names.
#include <fmt/format.h>

#include "ir/type/callable_type.h"
#include "ir/type/ir_type.h"
#include "ir/type/tuple_type.h"
#include "ir/type/unit_type.h"

namespace tf {

std::string_view type_kind_name(TypeKind kind) {
  switch (kind) {
#define TF_TYPE_NODE(Name) \
  case TypeKind::Name:     \
    return #Name;
#include "ir/type/type_nodes.def"
  }
  TF_UNREACHABLE("bad TypeKind");
}

Result<TupleTypeRef> TupleType::make(std::vector<IRType> fields) {
  std::size_t size = 1;
  for (std::size_t i = 0; i < fields.size(); ++i) {
    if (!fields[i])
      return category_error(DiagCategory::Type, fmt::format("TupleType field {} is not a type", i));
    const TupleType* t = fields[i]->as<TupleType>();
    size += t != nullptr ? t->tree_size() : 1;  // no overflow: each term is at most kMaxTreeSize
    if (size > kMaxTreeSize)
      return category_error(DiagCategory::Type,
                            fmt::format("the tuple type holds more than {} types when its nested "
                                        "tuples are expanded (a limit of tf)",
                                        kMaxTreeSize));
  }
  return TupleTypeRef(new TupleType(std::move(fields), size));
}

UnitTypeRef UnitType::make() {
  static const UnitTypeRef* unit = new UnitTypeRef(new UnitType());
  return *unit;
}

Result<CallableTypeRef> CallableType::make(IRType return_type, std::vector<IRType> parameters) {
  if (!return_type) return category_error(DiagCategory::Type, "CallableType needs a return type");
  for (std::size_t i = 0; i < parameters.size(); ++i)
    if (!parameters[i])
      return category_error(DiagCategory::Type,
                            fmt::format("CallableType parameter {} is not a type", i));
  return CallableTypeRef(new CallableType(std::move(return_type), std::move(parameters)));
}

}  // namespace tf
