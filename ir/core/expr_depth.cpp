#include "ir/core/expr_depth.h"

#include <algorithm>
#include <unordered_map>
#include <utility>
#include <vector>

#include "ir/core/expr_children.h"

namespace tf {

std::size_t expr_depth(const Expr& e) {
  if (!e) return 0;
  std::unordered_map<const ExprNode*, std::size_t> depth;  // finished nodes
  // Post-order with an explicit stack: a node is finished once all its children are.
  std::vector<std::pair<const ExprNode*, bool>> stack{{e.get(), false}};
  while (!stack.empty()) {
    auto [node, expanded] = stack.back();
    stack.pop_back();
    if (depth.count(node)) continue;
    if (!expanded) {
      stack.emplace_back(node, true);
      for_each_child(*node, [&](const Expr& c, ChildStep) {
        if (c && !depth.count(c.get())) stack.emplace_back(c.get(), false);
      });
      continue;
    }
    std::size_t deepest = 0;
    for_each_child(*node, [&](const Expr& c, ChildStep) {
      if (c) deepest = std::max(deepest, depth.at(c.get()));
    });
    depth.emplace(node, deepest + 1);
  }
  return depth.at(e.get());
}

bool expr_tree_exceeds(const Expr& e, std::size_t limit) {
  std::size_t seen = 0;
  std::vector<const ExprNode*> stack;
  if (e) stack.push_back(e.get());
  while (!stack.empty()) {
    const ExprNode* node = stack.back();
    stack.pop_back();
    if (++seen > limit) return true;
    for_each_child(*node, [&](const Expr& c, ChildStep) {
      if (c) stack.push_back(c.get());
    });
  }
  return false;
}

}  // namespace tf
