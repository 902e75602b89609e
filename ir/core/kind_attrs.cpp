#include "ir/core/kind_attrs.h"

namespace tf {

BinaryKind binary_kind_of(const Call& c) { return enum_value<BinaryKind>(c.attr("kind")); }
UnaryKind unary_kind_of(const Call& c) { return enum_value<UnaryKind>(c.attr("kind")); }
ReduceKind reduce_kind_of(const Call& c) { return enum_value<ReduceKind>(c.attr("kind")); }

}  // namespace tf
