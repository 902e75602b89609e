// StmtVisitor: the one kind switch over TIR statements, for analyses that read TIR.
//
// Design note (after Halide's IRVisitor). `visit(s)` dispatches on s's kind to the
// `visit_node` overload for its node struct; every overload's default visits the children
// (stmt_children.h): child statements through visit, in pre-order (a statement before its
// children, an If's then before its else, a DispatchCall's case calls before its fallback; the
// emission order the codegen follows), and each expression through visit_expr (default:
// nothing; an analysis that reads expressions overrides it, usually with an ExprVisitor).
// Statement trees are trees: a statement is visited at each of its occurrences.
//
// The walk is iterative: visit() runs an explicit stack of the statements still to visit, and
// visit_children shows a node's expressions at once but schedules its child statements, which
// are visited after the current handler returns (in order, each subtree before the next
// sibling). So a body of any depth costs no stack: a lowered kernel nests one LetStmt per
// binding, tens of thousands deep. A handler therefore does its work before visit_children (or
// instead of it, to skip the subtree); visit() called from a handler schedules likewise.
#pragma once

#include <vector>

#include "ir/tir/stmt_children.h"

namespace tf::tir {

/// Base of statement analyses (design note).
class StmtVisitor {
 public:
  virtual ~StmtVisitor() = default;

  /// Visits `s` (nothing for null) and everything below it; from inside a handler, schedules it
  /// (design note).
  void visit(const Stmt& s);

 protected:
  /// One handler per kind; each defaults to visit_children(node).
#define TF_STMT_NODE(Name) virtual void visit_node(const Name& node);
#include "ir/tir/stmt_nodes.def"

  /// Called on every statement before its visit_node (default: nothing): a pre-order hook
  /// for walks that treat every kind alike.
  virtual void enter(const StmtNode& node) {}
  /// Shows `node`'s expressions to visit_expr and schedules its child statements, in field
  /// order (design note).
  void visit_children(const StmtNode& node);
  /// Called for each expression a statement holds, with its step (default: nothing).
  virtual void visit_expr(const Expr& e, ChildStep step) {}

 private:
  void dispatch(const StmtNode& s);

  std::vector<const StmtNode*> pending_;  // to visit, the next on top
  std::vector<const StmtNode*> batch_;    // what the running handler scheduled, in order
  bool visiting_ = false;                 // a visit() is running its stack
};

}  // namespace tf::tir
