// Where the HIR printer binds each value of a function body.
//
// Design note. An HIR body is one expression DAG; its text is nested blocks (the function body
// and one block per grid loop). One rule places every value: it is bound in the innermost block
// that dominates all of its uses. A use by a loop's body or yields is inside that loop's block;
// a use as a loop's init is in the block that binds the loop; the function's result is used in
// the function body. So a value goes inside a loop body only when every use is inside it, and a
// value used both in a loop and after it is bound before the loop. Dependencies need no rule of
// their own: a value that reads a loop's index or carries is used only inside that loop (the
// verifier's scoping), so the block of its uses is inside the loop too.
//
// Blocks are decided users first (reverse topological order), so that a loop's own block is
// final before its operands are placed. The walk is iterative: a chain of any length is placed
// without deep recursion.
#pragma once

#include <unordered_map>
#include <vector>

#include "ir/core/expr.h"

namespace tf::text {

/// The placement of every value reachable from a function's result.
class BindingPlacement {
 public:
  /// Places every value reachable from `result`.
  explicit BindingPlacement(const Expr& result);

  /// Every reachable value once, operands before their users.
  const std::vector<Expr>& order() const { return order_; }

  /// The loop (a GridRegionExpr node) whose block binds `value`; nullptr for the function body.
  /// `value` must be reachable from the result.
  const ExprNode* block_of(const ExprNode* value) const { return block_.at(value); }

 private:
  const ExprNode* common_block(const ExprNode* a, const ExprNode* b) const;
  int depth_of(const ExprNode* block) const { return block == nullptr ? 0 : depth_.at(block); }

  std::vector<Expr> order_;
  std::unordered_map<const ExprNode*, const ExprNode*> block_;
  std::unordered_map<const ExprNode*, int> depth_;  // of a loop's own block
};

}  // namespace tf::text
