#include "ir/text/binding_placement.h"

#include <unordered_set>
#include <utility>

#include "ir/core/expr_children.h"

namespace tf::text {

namespace {

// Every value reachable from `result`, operands before users (an iterative post-order).
std::vector<Expr> topological_order(const Expr& result) {
  std::vector<Expr> order;
  std::unordered_set<const ExprNode*> seen{result.get()};
  struct Frame {
    Expr node;
    std::vector<Expr> operands;
    std::size_t next = 0;
  };
  std::vector<Frame> stack;
  stack.push_back({result, operands_of(*result)});
  while (!stack.empty()) {
    Frame& top = stack.back();
    if (top.next < top.operands.size()) {
      Expr operand = top.operands[top.next++];
      if (seen.insert(operand.get()).second) {
        std::vector<Expr> operands = operands_of(*operand);
        stack.push_back({std::move(operand), std::move(operands)});
      }
      continue;
    }
    order.push_back(std::move(top.node));
    stack.pop_back();
  }
  return order;
}

}  // namespace

BindingPlacement::BindingPlacement(const Expr& result) : order_(topological_order(result)) {
  block_.emplace(result.get(), nullptr);
  auto use_in = [&](const Expr& operand, const ExprNode* block) {
    auto [it, first] = block_.try_emplace(operand.get(), block);
    if (!first) it->second = common_block(it->second, block);
  };
  for (auto user = order_.rbegin(); user != order_.rend(); ++user) {
    const ExprNode* block = block_.at(user->get());
    const GridRegionExpr* loop = (*user)->as<GridRegionExpr>();
    if (loop == nullptr) {
      for (const Expr& operand : operands_of(**user)) use_in(operand, block);
      continue;
    }
    depth_.emplace(loop, depth_of(block) + 1);
    for (const Expr& init : loop->inits()) use_in(init, block);
    use_in(loop->body(), loop);
    for (const Expr& y : loop->yields()) use_in(y, loop);
  }
}

const ExprNode* BindingPlacement::common_block(const ExprNode* a, const ExprNode* b) const {
  int da = depth_of(a);
  int db = depth_of(b);
  for (; da > db; --da) a = block_.at(a);
  for (; db > da; --db) b = block_.at(b);
  while (a != b) {
    a = block_.at(a);
    b = block_.at(b);
  }
  return a;
}

}  // namespace tf::text
