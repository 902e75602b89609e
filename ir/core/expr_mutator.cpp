#include "ir/core/expr_mutator.h"

#include <fmt/format.h>

namespace tf {

Expr ExprMutator::mutate(const Expr& e) {
  if (!e) return e;
  if (auto it = memo_.find(e.get()); it != memo_.end()) return it->second;
  Expr out;
  switch (e->kind()) {
#define TF_EXPR_NODE(Name)                                     \
  case ExprKind::Name:                                         \
    out = mutate_node(Ref<const Name>(e->as<Name>()));         \
    break;
#include "ir/core/expr_nodes.def"
  }
  memo_.emplace(e.get(), out);
  return out;
}

#define TF_EXPR_NODE(Name) \
  Expr ExprMutator::mutate_node(const Ref<const Name>& node) { return mutate_children(node); }
#include "ir/core/expr_nodes.def"

Expr ExprMutator::mutate_children(const Expr& node) {
  Result<Expr> rebuilt = rebuild_with(node, [&](const Expr& child, ChildStep) { return mutate(child); });
  TF_CHECK(rebuilt.ok(), "a rewrite produced an ill-formed {}: {}", expr_kind_name(node->kind()),
           rebuilt.diagnostics().empty() ? std::string() : rebuilt.diagnostics().front().render());
  return *rebuilt;
}

}  // namespace tf
