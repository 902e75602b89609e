// walk: visit every statement of a tree in pre-order (a statement before its children, the
// children in field order: bodies in order, an If's then before its else, a DispatchCall's case
// calls in source order before its fallback), through a StmtVisitor (stmt_visitor.h). Pre-order
// is emission order: the codegen visits statements in this order.
#pragma once

#include <functional>

#include "ir/tir/stmt.h"

namespace tf::tir {

/// Calls `visit` on `root` and every statement below it, in pre-order. A null root is skipped.
void walk(const Stmt& root, const std::function<void(const StmtNode&)>& visit);

}  // namespace tf::tir
