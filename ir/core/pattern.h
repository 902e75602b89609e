// Pattern: a dispatch predicate over a runtime subject (upstream docs/spec/core-ir.md).
//
// Design note. Patterns are immutable nodes like expressions: one struct per kind (listed in
// pattern_nodes.def), a checking `make`, a Ref<const PatternNode> handle (`Pattern`), and
// equality / hashing generated from each node's field list. Today the one kind is
// DimVarRangePat, the case pattern of a TIR DispatchCall and of an HIR `specialize` clause;
// its subject is an integer extent (a ShapeOf value). Parser-dispatch patterns over types
// (Scalar, Tensor, And) and layout patterns join the list when the ops that use them arrive.
#pragma once

#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <string>
#include <string_view>

#include "ir/support/tagged_node.h"

namespace tf {

/// The closed set of pattern kinds, one per entry of pattern_nodes.def.
enum class PatternKind : std::uint8_t {
#define TF_PATTERN_NODE(Name) Name,
#include "ir/core/pattern_nodes.def"
};

/// The node name of a kind ("DimVarRangePat").
std::string_view pattern_kind_name(PatternKind kind);

/// Base of every pattern node.
class PatternNode : public TaggedNode<PatternKind> {
 protected:
  explicit PatternNode(PatternKind kind) : TaggedNode(kind) {}
};

/// The handle through which patterns are held and passed.
using Pattern = Ref<const PatternNode>;

/// Whether `p` admits the integer subject `value` (precondition: p is not null).
bool matches(const Pattern& p, std::int64_t value);

/// Same kind and equal fields. Null equals null.
bool structural_equal(const Pattern& a, const Pattern& b);
/// Consistent with structural_equal(Pattern, Pattern).
std::size_t structural_hash(const Pattern& p);

/// The tfir spelling: `DimVarRangePat("N", 1, 65)` ("<null>" for a null handle).
std::string to_string(const Pattern& p);
/// Stream the tfir spelling.
std::ostream& operator<<(std::ostream& os, const Pattern& p);

}  // namespace tf
