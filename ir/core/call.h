// Call: an Op applied to argument Exprs, with its result type.
//
// Call::make checks the structural rules every Call obeys whatever its op:
//  - as many arguments as the op declares operands (any number for a variadic operand);
//  - an effect-form op's Call has UnitType, a value-form op's Call does not
//    (TYPES.6.UNIT.effect-op-result);
//  - no operand is unit-typed: an effect produces no readable value
//    (TYPES.6.UNIT.no-readable-value);
//  - no operand is tuple-typed unless the op is registered with tuple_operands (the
//    tuple_get_item / tuple-formal exceptions, TYPES.5.TUPLE.not-op-input);
//  - the keyword attributes match the op's attribute ParamDefs: no unknown or repeated
//    keyword, every value of its declared family (attr_value.h; an enum value an EnumAttr of
//    the space its ParamDef names; None only for an optional attribute), every required
//    attribute given. Omitted attributes take their defaults, so a
//    Call holds one value per attribute ParamDef, in declaration order; the values are part of
//    structural equality and hashing and print as keywords: `cast(x, dtype=bf16, rounding=rn)`.
// Op-specific operand and result typing is the op's typeinfer rule; for the dim ops it is
// make_dim_call (ir/dim/dim_call.h), through which simplify_dim builds its Calls.
#pragma once

#include <tuple>
#include <vector>

#include "ir/support/field_names.h"
#include "ir/core/attr_value.h"
#include "ir/core/expr.h"
#include "ir/core/op.h"
#include "ir/support/result.h"

namespace tf {

/// An application of `op` to `args`.
struct Call final : ExprNode {
  static constexpr ExprKind kKind = ExprKind::Call;

  Op op;                   ///< the applied op
  std::vector<Expr> args;  ///< the operands, in order
  /// One value per attribute ParamDef of `op`, in declaration order, defaults filled.
  std::vector<AttrValue> attrs;

  /// The checking factory (rules in the header comment) for a Call given no attributes (each
  /// takes its default). Diagnostics name the rule ids; a null op, argument or type, and an
  /// attribute mismatch, are Diagnostics of category Type.
  static Result<Ref<const Call>> make(Op op, std::vector<Expr> args, IRType type);
  /// The checking factory with call-site keyword attributes `attrs` (any order).
  static Result<Ref<const Call>> make(Op op, std::vector<Expr> args, std::vector<NamedAttr> attrs,
                                      IRType type);

  /// This Call with the operands `new_args` (same op, attributes and type), checked by the
  /// operand rules of the header comment. The op's typeinfer rule is not re-run: a caller that
  /// changes an operand's type re-checks the result with check_stored_type (type_infer.h).
  Result<Ref<const Call>> with_args(std::vector<Expr> new_args) const;

  /// The value of the attribute `name`. Precondition (TF_CHECK): op declares that attribute.
  const AttrValue& attr(std::string_view name) const;

  /// The names of the fields of structural_fields(), in order (ir/support/field_names.h).
  static constexpr FieldNames<4> kFieldNames{"op", "args", "attrs", "type"};

  /// The field list from which structural equality and hashing are generated.
  auto structural_fields() const { return std::tie(op, args, attrs, type()); }

 private:
  Call(Op o, std::vector<Expr> a, std::vector<AttrValue> at, IRType t)
      : ExprNode(kKind, std::move(t)), op(o), args(std::move(a)), attrs(std::move(at)) {}
};

/// The attribute values of a Call of `op` given the call-site keywords `given` (the rules of
/// call.h's header comment): one value per attribute ParamDef, in declaration order, defaults
/// filled; or the diagnostics (category Type) naming every mismatch.
Result<std::vector<AttrValue>> bind_call_attrs(Op op, const std::vector<NamedAttr>& given);

/// Handle to a Call.
using CallRef = Ref<const Call>;

}  // namespace tf
