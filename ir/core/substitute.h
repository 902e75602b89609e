// substitute: replace Vars by expressions, an ExprMutator.
#pragma once

#include <unordered_map>

#include "ir/core/expr.h"
#include "ir/core/var.h"

namespace tf {

/// Replacement expressions keyed by the Var node they replace (Vars are compared by identity,
/// never by name).
using VarMap = std::unordered_map<const Var*, Expr>;

/// `e` with every occurrence of a Var of `map` replaced by its expression; nodes that mention
/// none of them are kept (shared, not copied). A binding site (a loop's induction or carried
/// Var) is replaced too, so its replacement must be a Var (InternalError otherwise). A Call
/// keeps its stamped type: replace a Var only by an expression of the Var's type.
Expr substitute(const Expr& e, const VarMap& map);

}  // namespace tf
