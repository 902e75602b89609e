// Call: an Op applied to argument Exprs, with its result type.
//
// Call::make checks the structural rules every Call obeys whatever its op:
//  - as many arguments as the op declares operands (any number for a variadic operand);
//  - an effect-form op's Call has UnitType, a value-form op's Call does not
//    (TYPES.6.UNIT.effect-op-result);
//  - no operand is unit-typed: an effect produces no readable value
//    (TYPES.6.UNIT.no-readable-value);
//  - no operand is tuple-typed unless the op is registered with tuple_operands (the
//    tuple_get_item / tuple-formal exceptions, TYPES.5.TUPLE.not-op-input).
// Op-specific operand and result typing is the op's typeinfer rule; for the dim ops it is
// make_dim_call (ir/dim/dim_call.h), through which simplify_dim builds its Calls.
#pragma once

#include <tuple>
#include <vector>

#include "ir/core/expr.h"
#include "ir/core/op.h"
#include "ir/support/result.h"

namespace tf {

/// An application of `op` to `args`.
struct Call final : ExprNode {
  static constexpr ExprKind kKind = ExprKind::Call;

  Op op;                   ///< the applied op
  std::vector<Expr> args;  ///< the operands, in order

  /// The checking factory (rules in the header comment). Diagnostics name the rule ids; a
  /// null op, argument or type is a Diagnostic of category Type.
  static Result<Ref<const Call>> make(Op op, std::vector<Expr> args, IRType type);

  /// The field list from which structural equality and hashing are generated.
  auto structural_fields() const { return std::tie(op, args, type()); }

 private:
  Call(Op o, std::vector<Expr> a, IRType t)
      : ExprNode(kKind, std::move(t)), op(o), args(std::move(a)) {}
};

/// Handle to a Call.
using CallRef = Ref<const Call>;

}  // namespace tf
