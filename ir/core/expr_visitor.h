// ExprVisitor: the one kind switch over expressions, for analyses that read IR.
//
// Design note (after Halide's IRVisitor / IRGraphVisitor). `visit(e)` dispatches on e's kind to
// the `visit_node` overload for its node struct; every overload's default visits the node's
// children in field order (expr_children.h), so an analysis overrides only the kinds it cares
// about and calls visit_children where it wants to go on below. HIR expressions are DAGs (a
// binding used twice is one node), so the walk policy is chosen at construction: EveryUse
// visits a shared node at each of its uses (a tree walk), Once visits it at its first use only
// (linear in the DAG's size). The walk is recursive: its depth is the expression's depth.
#pragma once

#include <string>
#include <unordered_set>
#include <vector>

#include "ir/core/expr_children.h"

namespace tf {

/// Base of expression analyses (design note).
class ExprVisitor {
 public:
  /// How a node reachable along several paths is visited.
  enum class Sharing { EveryUse, Once };

  explicit ExprVisitor(Sharing sharing = Sharing::Once) : sharing_(sharing) {}
  virtual ~ExprVisitor() = default;

  /// Visits `e` (nothing for null; with Sharing::Once, nothing for a node already visited).
  void visit(const Expr& e);

 protected:
  /// One handler per kind; each defaults to visit_children(node).
#define TF_EXPR_NODE(Name) virtual void visit_node(const Name& node);
#include "ir/core/expr_nodes.def"

  /// Visits every child of `node`, in field order (each through visit_child).
  void visit_children(const ExprNode& node);
  /// Visits `child`, reached from the node being visited by `step` (recorded in path()).
  void visit_child(const Expr& child, ChildStep step);
  /// The steps from the node given to visit() to the node being visited now (an IR path,
  /// spelled by path_suffix: `.args[1].elements[0]`); empty at the root.
  const std::vector<ChildStep>& path() const { return path_; }
  /// The nodes from the node given to visit() to the node being visited now (the last one),
  /// parallel to path() (one more entry: the root).
  const std::vector<const ExprNode*>& ancestors() const { return ancestors_; }
  /// A hook called after visit_node of every node (default: nothing).
  virtual void leave(const ExprNode& node) {}

 private:
  Sharing sharing_;
  std::unordered_set<const ExprNode*> visited_;
  std::vector<ChildStep> path_;
  std::vector<const ExprNode*> ancestors_;
};

/// The spelling of a path's steps: `.field` or `.field[index]` each (`.args[1].elements[0]`).
std::string path_suffix(const std::vector<ChildStep>& steps);

}  // namespace tf
