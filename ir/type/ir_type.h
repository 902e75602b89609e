// IRType: the abstract base of the IR type family (seed 000 section 1).
//
// Design note. An IR type is an immutable node held by an intrusive Ref<const IRTypeNode>
// (the `IRType` handle). The family is closed: TensorType, TupleType, UnitType and
// CallableType, listed once in type_nodes.def, each tagged with its TypeKind so that
// dispatch is a `switch` over the kind (no RTTI, no dynamic_cast). IRTypeNode itself cannot
// be constructed (TYPES.1.IRTYPE.abstract-base); every concrete node is built only through its
// checking `make`. Structural equality and hashing live in ir/core/structural.h; the tfir
// spelling in ir/type/type_print.h.
#pragma once

#include <cstdint>
#include <string_view>

#include "ir/support/tagged_node.h"

namespace tf {

/// The closed set of IR type kinds, one per entry of type_nodes.def.
enum class TypeKind : std::uint8_t {
#define TF_TYPE_NODE(Name) Name,
#include "ir/type/type_nodes.def"
};

/// The node name of a kind ("TensorType", ...).
std::string_view type_kind_name(TypeKind kind);

/// Base of every IR type node. Nodes are immutable and shared; they are neither copied nor
/// constructed outside their own `make`.
class IRTypeNode : public TaggedNode<TypeKind> {
 protected:
  explicit IRTypeNode(TypeKind kind) : TaggedNode(kind) {}
};

/// The handle through which IR types are held and passed.
using IRType = Ref<const IRTypeNode>;

}  // namespace tf
