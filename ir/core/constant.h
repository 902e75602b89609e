// Constant: a rank-0 literal (an int64, a double or a bool payload) with its TensorType.
//
// The payload matches the dtype family of the type: an int64 for an integer dtype (and fits
// its width), a double for a float dtype (the logical value; rounding to a narrow format is
// the evaluator's Cast), a bool for bool. Storage is the producer's choice: None for a dim
// (dim_const), umat for an HIR source literal, rmem for a TIR literal (docs/decisions.md D7).
// Structural equality compares double payloads bit for bit (so NaN equals the same NaN and
// -0.0 differs from 0.0): IR equality is about the literal written, not its numeric value.
#pragma once

#include <cstdint>
#include <tuple>
#include <variant>

#include "ir/support/field_names.h"
#include "ir/core/expr.h"
#include "ir/support/result.h"

namespace tf {

/// The payload of a rank-0 constant.
using ConstantValue = std::variant<std::int64_t, double, bool>;

/// A rank-0 literal.
struct Constant final : ExprNode {
  static constexpr ExprKind kKind = ExprKind::Constant;

  ConstantValue value;  ///< the payload

  /// The checking factory. Diagnostic (category Type) when `type` is not a rank-0
  /// TensorType, the payload does not match the dtype family (int64 / integer, double /
  /// float, bool / bool) or an int64 payload does not fit the integer dtype's width.
  static Result<Ref<const Constant>> make(ConstantValue value, IRType type);

  /// True when the payload is an int64 (an "int-valued Constant" of seed 000 section 4; a
  /// bool payload is not one).
  bool is_int() const { return value.index() == 0; }
  bool is_float() const { return value.index() == 1; }
  bool is_bool() const { return value.index() == 2; }
  /// The payloads (precondition: the matching is_...()).
  std::int64_t int_value() const;
  double float_value() const;
  bool bool_value() const;

  /// The names of the fields of structural_fields(), in order (ir/support/field_names.h).
  static constexpr FieldNames<2> kFieldNames{"value", "type"};

  /// The field list from which structural equality and hashing are generated.
  auto structural_fields() const { return std::tie(value, type()); }

 private:
  Constant(ConstantValue v, IRType t) : ExprNode(kKind, std::move(t)), value(v) {}
};

/// Handle to a Constant.
using ConstantRef = Ref<const Constant>;

}  // namespace tf
