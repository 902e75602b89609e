// rebuild_with: an expression node with its children replaced, rebuilt through its checking
// factory. The one per-kind piece of the expression mutators (expr_mutator.h).
#pragma once

#include <functional>

#include "ir/core/expr_children.h"
#include "ir/support/result.h"

namespace tf {

/// Maps one child (in field order, with its step) to its replacement.
using ExprReplacer = std::function<Expr(const Expr& child, ChildStep step)>;

/// When rebuild_with calls the node's factory.
enum class RebuildPolicy {
  IfChanged,  ///< only when some child was replaced by another node
  Always,     ///< always (a node without children excepted): re-checks its rules, recomputes its type
};

/// `e` with every child replaced by `replace(child, step)` (ir/core/field_map.h), or `e` itself
/// when every replacement is the child itself (RebuildPolicy::IfChanged). The node is rebuilt through its factory, so its
/// structural rules are checked again (the diagnostics when they fail). A node whose type
/// follows from its children (Tuple, TupleGetItem, ShapeOf, FunctionCall, GridRegionExpr)
/// gets the type its factory computes; a Call keeps its stamped type (Call::with_args). A rebuilt
/// node carries `e`'s binding (ExprNode::binding(): its source name and place), so rewrites
/// keep the debug information without copying it.
/// Precondition (TF_CHECK): `e` is not null.
Result<Expr> rebuild_with(const Expr& e, ExprReplacer replace,
                          RebuildPolicy policy = RebuildPolicy::IfChanged);

}  // namespace tf
