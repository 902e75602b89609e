#include "ir/core/expr_visitor.h"

#include <fmt/format.h>

namespace tf {

void ExprVisitor::visit(const Expr& e) {
  if (!e) return;
  if (sharing_ == Sharing::Once && !visited_.insert(e.get()).second) return;
  ancestors_.push_back(e.get());
  switch (e->kind()) {
#define TF_EXPR_NODE(Name)                        \
  case ExprKind::Name:                            \
    visit_node(static_cast<const Name&>(*e));     \
    break;
#include "ir/core/expr_nodes.def"
  }
  leave(*e);
  ancestors_.pop_back();
}

#define TF_EXPR_NODE(Name) \
  void ExprVisitor::visit_node(const Name& node) { visit_children(node); }
#include "ir/core/expr_nodes.def"

void ExprVisitor::visit_children(const ExprNode& node) {
  for_each_child(node, [&](const Expr& child, ChildStep step) { visit_child(child, step); });
}

void ExprVisitor::visit_child(const Expr& child, ChildStep step) {
  path_.push_back(step);
  visit(child);
  path_.pop_back();
}

std::string path_suffix(const std::vector<ChildStep>& steps) {
  std::string out;
  for (const ChildStep& s : steps) {
    out += '.';
    out += s.field;
    if (s.index >= 0) out += fmt::format("[{}]", s.index);
  }
  return out;
}

}  // namespace tf
