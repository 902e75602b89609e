// FunctionCall: an HIR call of another function of the module, `@f(args...)` in tfir.
//
// Design note. Upstream types a call of a Function by elaborating the callee per argument
// types (upstream docs/spec/hir.md). This node keeps the callee by name with the callee's
// CallableType in hand (as SymbolRef does for TIR) and types the call by the declared signature:
//  - as many arguments as the callee has parameters;
//  - each argument's type equals its parameter's type structurally, except that a tensor
//    parameter whose layout is None is a template wildcard: the argument needs the same shape
//    and dtype and may carry any layout and storage (upstream's binding rule);
//  - the call's type is the callee's declared return type (a dispatch prototype's return type
//    is its variants' too, so no elaboration is needed to type it). No operand is unit-typed.
// Resolution of the name against a Module, and the check that the stored callee type is the
// callee's, is the verifier's (resolve_symbol in module.h); typeinfer re-derives the result
// from the stored callee type.
#pragma once

#include <string>
#include <tuple>
#include <vector>

#include "ir/support/field_names.h"
#include "ir/core/expr.h"
#include "ir/support/result.h"
#include "ir/type/callable_type.h"

namespace tf {

/// A call of a module function by name.
struct FunctionCall final : ExprNode {
  static constexpr ExprKind kKind = ExprKind::FunctionCall;

  std::string callee;           ///< the callee's canonical name
  CallableTypeRef callee_type;  ///< the callee's CallableType
  std::vector<Expr> args;       ///< the arguments, in parameter order

  /// The checking factory (rules in the header comment); all diagnostics (category Type) are
  /// collected.
  static Result<Ref<const FunctionCall>> make(std::string callee, CallableTypeRef callee_type,
                                              std::vector<Expr> args);

  /// The names of the fields of structural_fields(), in order (ir/support/field_names.h).
  static constexpr FieldNames<4> kFieldNames{"callee", "callee_type", "args", "type"};

  /// The field list from which structural equality and hashing are generated.
  auto structural_fields() const { return std::tie(callee, callee_type, args, type()); }

 private:
  FunctionCall(std::string c, CallableTypeRef ct, std::vector<Expr> a, IRType t)
      : ExprNode(kKind, std::move(t)),
        callee(std::move(c)),
        callee_type(std::move(ct)),
        args(std::move(a)) {}
};

/// Handle to a FunctionCall.
using FunctionCallRef = Ref<const FunctionCall>;

/// Whether an argument of type `arg` binds a parameter of type `param` (the header comment's
/// rule: structural equality, or the layout-None tensor wildcard).
bool binds_parameter(const IRType& param, const IRType& arg);

}  // namespace tf
