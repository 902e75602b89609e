// UnitType: the payload-free result type of an effect-form Op (seed 000 section 6). Such an
// Op produces no value its consumers can read (Call::make refuses a unit-typed operand,
// TYPES.6.UNIT.no-readable-value) and appears in Stmt position as Evaluate(op, args).
#pragma once

#include <tuple>

#include "ir/support/field_names.h"
#include "ir/type/ir_type.h"

namespace tf {

/// The unit type. It has no fields; every UnitType equals every other.
struct UnitType final : IRTypeNode {
  static constexpr TypeKind kKind = TypeKind::UnitType;

  /// The unit type (one shared node).
  static Ref<const UnitType> make();

  /// The (empty) field list from which structural equality and hashing are generated.
  /// The names of the fields of structural_fields(), in order (ir/support/field_names.h).
  static constexpr FieldNames<0> kFieldNames{};
  auto structural_fields() const { return std::tuple<>(); }

 private:
  UnitType() : IRTypeNode(kKind) {}
};

/// Handle to a UnitType.
using UnitTypeRef = Ref<const UnitType>;

}  // namespace tf
