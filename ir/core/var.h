// Var: a named value of a given type (a function parameter, a let-bound value).
//
// Structural equality of two Vars compares name and type (free-variable equality); there is no
// binding-aware (alpha) equality: bodies are equal only when their Vars have the same names.
#pragma once

#include <string>
#include <tuple>

#include "ir/support/field_names.h"
#include "ir/core/expr.h"
#include "ir/support/result.h"

namespace tf {

/// A named variable.
struct Var final : ExprNode {
  static constexpr ExprKind kKind = ExprKind::Var;

  std::string name;  ///< the variable name (not part of any type)

  /// Diagnostic (category Type) when the name is empty or the type is null.
  static Result<Ref<const Var>> make(std::string name, IRType type);

  /// The names of the fields of structural_fields(), in order (ir/support/field_names.h).
  static constexpr FieldNames<2> kFieldNames{"name", "type"};

  /// The field list from which structural equality and hashing are generated.
  auto structural_fields() const { return std::tie(name, type()); }

 private:
  Var(std::string n, IRType t) : ExprNode(kKind, std::move(t)), name(std::move(n)) {}
};

/// Handle to a Var.
using VarRef = Ref<const Var>;

}  // namespace tf
