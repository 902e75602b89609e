// SymbolRef: a leaf Expr naming a callee function of the enclosing Module (seed 002 section
// 2.1): the callable of Evaluate(SymbolRef, args) and args[0] of a Launch. tfir spells it
// `@name`.
//
// Its type is the callee's CallableType, set at construction from the callee in hand
// (SymbolRef::to) and never back-filled: make refuses a missing or non-callable type
// (TIR.2.1.SYMREF.no-deferred-type), and a callee returns Unit because a TIR PrimFunction's
// outputs are trailing parameters (TIR.2.1.SYMREF.type-return-unit). `nested` must be empty,
// the Module holding only top-level functions (TIR.2.1.SYMREF.nested-empty). The name may be
// a mangled specialization name (`f__N_1_64`); it is resolved against a Module by
// resolve_symbol (module.h), which also checks the stored type against the callee's.
#pragma once

#include <string>
#include <tuple>
#include <vector>

#include "ir/support/field_names.h"
#include "ir/core/expr.h"
#include "ir/core/function_base.h"
#include "ir/support/result.h"
#include "ir/type/callable_type.h"

namespace tf {

/// A reference to a module-level function by name.
struct SymbolRef final : ExprNode {
  static constexpr ExprKind kKind = ExprKind::SymbolRef;

  std::string name;                 ///< the callee's canonical name, exactly as stored
  std::vector<std::string> nested;  ///< always empty (kept as the seed's field)

  /// The checking factory (rules in the header comment); `type` must be a CallableType with
  /// a Unit return, `name` an identifier. All diagnostics are collected.
  static Result<Ref<const SymbolRef>> make(std::string name, IRType type,
                                           std::vector<std::string> nested = {});
  /// The SymbolRef of `callee`, typed with its CallableType (TIR.2.1.SYMREF.type-at-
  /// construction). Diagnostic when the callee's return type is not Unit.
  static Result<Ref<const SymbolRef>> to(const FunctionBase& callee);

  /// The type as a CallableType (never null).
  const CallableType& callable_type() const { return *type()->as<CallableType>(); }

  /// The names of the fields of structural_fields(), in order (ir/support/field_names.h).
  static constexpr FieldNames<3> kFieldNames{"name", "nested", "type"};

  /// The field list from which structural equality and hashing are generated.
  auto structural_fields() const { return std::tie(name, nested, type()); }

 private:
  SymbolRef(std::string n, IRType t) : ExprNode(kKind, std::move(t)), name(std::move(n)) {}
};

/// Handle to a SymbolRef.
using SymbolRefRef = Ref<const SymbolRef>;

}  // namespace tf
