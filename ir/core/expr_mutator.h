// ExprMutator: the one kind switch over expressions, for rewrites.
//
// Design note (after Halide's IRMutator / IRGraphMutator). `mutate(e)` dispatches on e's kind
// to the `mutate_node` overload for its node struct; every overload's default mutates the
// children (mutate_children), and returns the same node when no child changed, else the node
// rebuilt through its checking factory (expr_rebuild.h). Results are memoized per node, so a
// node shared by several users (an HIR binding used twice) is mutated once and stays shared.
// A rebuilt node keeps the binding of the node it replaces (its source name and place,
// binding_info.h), so a rewrite carries debug information without tables. A handler that
// returns another existing node (an operand in place of the Call it computes unchanged) gives it
// nothing: that node keeps its own binding, and the replaced node's goes with it.
// A rewrite that breaks a structural rule (a rebuilt Tuple that no longer types) is a bug in
// the rewrite: mutate() throws InternalError naming the rule, never returns ill-formed IR.
#pragma once

#include <unordered_map>

#include "ir/core/expr_rebuild.h"

namespace tf {

/// Base of expression rewrites (design note).
class ExprMutator {
 public:
  virtual ~ExprMutator() = default;

  /// The rewritten `e` (null for null), memoized per node.
  Expr mutate(const Expr& e);

 protected:
  /// One handler per kind; each defaults to mutate_children(node).
#define TF_EXPR_NODE(Name) virtual Expr mutate_node(const Ref<const Name>& node);
#include "ir/core/expr_nodes.def"

  /// `node` with every child mutated: the same node when none changed.
  Expr mutate_children(const Expr& node);

 private:
  std::unordered_map<const ExprNode*, Expr> memo_;
};

}  // namespace tf
