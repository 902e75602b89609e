#include "ir/type/type_print.h"

#include <ostream>

#include "ir/core/expr_print.h"
#include "ir/type/callable_type.h"
#include "ir/type/tensor_type.h"
#include "ir/type/tuple_type.h"
#include "ir/type/unit_type.h"

namespace tf {

namespace {

std::string join(const std::vector<IRType>& types) {
  std::string s;
  for (std::size_t i = 0; i < types.size(); ++i) s += (i ? ", " : "") + to_string(types[i]);
  return s;
}

std::string tensor_string(const TensorType& t) {
  std::string s = "Tensor[(";
  for (std::size_t i = 0; i < t.shape.size(); ++i) s += (i ? ", " : "") + to_string(t.shape[i]);
  s += t.shape.size() == 1 ? ",), " : "), ";
  s += t.dtype.name();
  if (t.layout && !(t.shape.empty() && *t.layout == empty_layout()))
    s += ", layout=" + to_string(*t.layout);
  return s + storage_keyword(t.storage) + "]";
}

}  // namespace

std::string storage_keyword(std::optional<StorageKind> storage) {
  if (storage == StorageKind::Gmem) return "";
  return ", storage=" + (storage ? std::string(to_string(*storage)) : std::string("None"));
}

std::string to_string(const ShapeDim& d) {
  return d.is_static() ? std::to_string(d.value()) : to_string(d.expr());
}

std::string to_string(const IRType& t) {
  if (!t) return "<null>";
  switch (t->kind()) {
    case TypeKind::TensorType:
      return tensor_string(*t->as<TensorType>());
    case TypeKind::TupleType:
      return "Tuple[" + join(t->as<TupleType>()->fields) + "]";
    case TypeKind::UnitType:
      return "Unit";
    case TypeKind::CallableType: {
      const CallableType& c = *t->as<CallableType>();
      return "Callable[(" + join(c.parameters) + ") -> " + to_string(c.return_type) + "]";
    }
  }
  TF_UNREACHABLE("bad TypeKind");
}

std::ostream& operator<<(std::ostream& os, const IRType& t) {
  return os << to_string(t);
}
std::ostream& operator<<(std::ostream& os, const ShapeDim& d) {
  return os << to_string(d);
}

}  // namespace tf
