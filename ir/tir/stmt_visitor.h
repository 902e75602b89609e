// StmtVisitor: the one kind switch over TIR statements, for analyses that read TIR.
//
// Design note (after Halide's IRVisitor). `visit(s)` dispatches on s's kind to the
// `visit_node` overload for its node struct; every overload's default visits the children
// (stmt_children.h): child statements through visit, in pre-order (a statement before its
// children, an If's then before its else, a DispatchCall's case calls before its fallback; the
// emission order the codegen follows), and each expression through visit_expr (default:
// nothing; an analysis that reads expressions overrides it, usually with an ExprVisitor).
// Statement trees are trees: a statement is visited at each of its occurrences.
#pragma once

#include "ir/tir/stmt_children.h"

namespace tf::tir {

/// Base of statement analyses (design note).
class StmtVisitor {
 public:
  virtual ~StmtVisitor() = default;

  /// Visits `s` (nothing for null).
  void visit(const Stmt& s);

 protected:
  /// One handler per kind; each defaults to visit_children(node).
#define TF_STMT_NODE(Name) virtual void visit_node(const Name& node);
#include "ir/tir/stmt_nodes.def"

  /// Called on every statement before its visit_node (default: nothing): a pre-order hook
  /// for walks that treat every kind alike.
  virtual void enter(const StmtNode& node) {}
  /// Visits the child statements and expressions of `node`, in field order.
  void visit_children(const StmtNode& node);
  /// Called for each expression a statement holds, with its step (default: nothing).
  virtual void visit_expr(const Expr& e, ChildStep step) {}
};

}  // namespace tf::tir
