// The children of a TIR statement, read from its named field list: the child statements (a
// body, a DispatchCall's case calls) and the expressions it holds (a For's bounds, an
// Evaluate's Call), in field order. The statement counterpart of ir/core/expr_children.h.
#pragma once

#include <type_traits>

#include "ir/core/expr_children.h"
#include "ir/tir/binding_stmts.h"
#include "ir/tir/control_stmts.h"
#include "ir/tir/dispatch_call.h"
#include "ir/tir/evaluate.h"
#include "ir/tir/intrinsic.h"
#include "ir/tir/prim_function.h"
#include "ir/tir/sequential.h"
#include "ir/tir/terminators.h"

namespace tf::tir {

/// Calls `on_stmt(child, step)` for each child statement and `on_expr(child, step)` for each
/// expression of `s`, in field order.
namespace detail {

// One callback for both kinds of children (expr_children.h passes statements to a callback
// that names StmtBase).
template <typename OnStmt, typename OnExpr>
struct BothChildren {
  using StmtBase = StmtNode;
  OnStmt& stmt;
  OnExpr& expr;
  void operator()(const Stmt& c, ChildStep step) { stmt(c, step); }
  void operator()(const Expr& c, ChildStep step) { expr(c, step); }
};

}  // namespace detail

template <typename OnStmt, typename OnExpr>
void for_each_child(const StmtNode& s, OnStmt&& on_stmt, OnExpr&& on_expr) {
  detail::BothChildren<std::remove_reference_t<OnStmt>, std::remove_reference_t<OnExpr>> both{
      on_stmt, on_expr};
  switch (s.kind()) {
#define TF_STMT_NODE(Name)                                 \
  case StmtKind::Name:                                     \
    for_each_child_of(static_cast<const Name&>(s), both);  \
    return;
#include "ir/tir/stmt_nodes.def"
  }
}

}  // namespace tf::tir
