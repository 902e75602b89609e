// TupleType: the type of a multi-output value (seed 000 section 5).
//
// A multi-output Op's Call has a TupleType whose fields are its outputs' types; a
// single-output Op's Call has a TensorType. A tuple is consumed only through tuple_get_item;
// Call::make refuses a tuple-typed operand for any op not registered with tuple_operands
// (TYPES.5.TUPLE.not-op-input).
#pragma once

#include <cstddef>
#include <tuple>
#include <vector>

#include "ir/support/field_names.h"
#include "ir/support/result.h"
#include "ir/type/ir_type.h"

namespace tf {

/// An ordered tuple of field types (nesting allowed, the empty tuple too).
struct TupleType final : IRTypeNode {
  static constexpr TypeKind kKind = TypeKind::TupleType;

  std::vector<IRType> fields;  ///< the field types, in output order

  /// The most types a tuple type may hold when expanded as a tree (nested tuples included, a
  /// shared field counted once per use): an implementation limit that keeps every recursive walk
  /// over types linear (a tuple of itself doubled 30 times has 2^30 leaves and 31 nodes).
  static constexpr std::size_t kMaxTreeSize = std::size_t{1} << 17;

  /// Diagnostics (category Type) when a field is null or the tree exceeds kMaxTreeSize.
  static Result<Ref<const TupleType>> make(std::vector<IRType> fields);

  /// The number of types in the tuple expanded as a tree, itself included.
  std::size_t tree_size() const { return tree_size_; }

  /// The names of the fields of structural_fields(), in order (ir/support/field_names.h).
  static constexpr FieldNames<1> kFieldNames{"fields"};

  /// The field list from which structural equality and hashing are generated.
  auto structural_fields() const { return std::tie(fields); }

 private:
  TupleType(std::vector<IRType> f, std::size_t tree_size)
      : IRTypeNode(kKind), fields(std::move(f)), tree_size_(tree_size) {}
  std::size_t tree_size_;
};

/// Handle to a TupleType.
using TupleTypeRef = Ref<const TupleType>;

}  // namespace tf
