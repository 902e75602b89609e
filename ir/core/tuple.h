// Tuple and TupleGetItem: building a tuple value and consuming one field of it.
//
// Tuple(elements) is a value-level aggregate (upstream docs/spec/core-ir.md: `return (a, b)`, the
// per-axis scalars of Slice starts); its type is TupleType(element types), derived at
// construction and re-derived by infer_type. TupleGetItem(tuple, index) is the one way a
// tuple-typed value is consumed (TYPES.5.TUPLE.consumed-via-get-item); its index is a static
// int and its type is the indexed field's type. tfir spells them `(a, b)` (`(a,)` for one
// element, `()` for none) and `tuple_get_item(r, index=1)`.
//
// Decision (the seeds are silent, upstream makes tuple_get_item a registered Op): projection
// is an Expr node, not an Op, because its result type depends on a static index rather than
// on operand types alone and the index is not an operand. Neither an element of a Tuple nor
// the operand of TupleGetItem may be unit-typed (TYPES.6.UNIT.no-readable-value); elements
// may be tuples (nesting) or callables.
#pragma once

#include <cstdint>
#include <tuple>
#include <vector>

#include "ir/support/field_names.h"
#include "ir/core/expr.h"
#include "ir/support/result.h"

namespace tf {

/// A tuple value.
struct Tuple final : ExprNode {
  static constexpr ExprKind kKind = ExprKind::Tuple;

  std::vector<Expr> elements;  ///< the elements, in field order

  /// Tuple of `elements`, typed TupleType(element types). Diagnostic (category Type) for a
  /// null element, TYPES.6.UNIT.no-readable-value for a unit-typed one; all are collected.
  static Result<Ref<const Tuple>> make(std::vector<Expr> elements);

  /// The names of the fields of structural_fields(), in order (ir/support/field_names.h).
  static constexpr FieldNames<2> kFieldNames{"elements", "type"};

  /// The field list from which structural equality and hashing are generated.
  auto structural_fields() const { return std::tie(elements, type()); }

 private:
  Tuple(std::vector<Expr> e, IRType t) : ExprNode(kKind, std::move(t)), elements(std::move(e)) {}
};

/// Handle to a Tuple.
using TupleRef = Ref<const Tuple>;

/// Field `index` of a tuple-typed value.
struct TupleGetItem final : ExprNode {
  static constexpr ExprKind kKind = ExprKind::TupleGetItem;

  Expr tuple;          ///< the tuple-typed operand
  std::int64_t index;  ///< the static field index, 0 <= index < number of fields

  /// Diagnostic (category Type) when `tuple` is null, is not tuple-typed (unit-typed:
  /// TYPES.6.UNIT.no-readable-value) or `index` is outside [0, number of fields).
  static Result<Ref<const TupleGetItem>> make(Expr tuple, std::int64_t index);

  /// The names of the fields of structural_fields(), in order (ir/support/field_names.h).
  static constexpr FieldNames<3> kFieldNames{"tuple", "index", "type"};

  /// The field list from which structural equality and hashing are generated.
  auto structural_fields() const { return std::tie(tuple, index, type()); }

 private:
  TupleGetItem(Expr tu, std::int64_t i, IRType t)
      : ExprNode(kKind, std::move(t)), tuple(std::move(tu)), index(i) {}
};

/// Handle to a TupleGetItem.
using TupleGetItemRef = Ref<const TupleGetItem>;

}  // namespace tf
