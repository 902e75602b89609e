#include "ir/tir/stmt_visitor.h"

namespace tf::tir {

void StmtVisitor::visit(const Stmt& s) {
  if (!s) return;
  enter(*s);
  switch (s->kind()) {
#define TF_STMT_NODE(Name)                    \
  case StmtKind::Name:                        \
    visit_node(static_cast<const Name&>(*s)); \
    return;
#include "ir/tir/stmt_nodes.def"
  }
  TF_UNREACHABLE("bad StmtKind");
}

#define TF_STMT_NODE(Name) \
  void StmtVisitor::visit_node(const Name& node) { visit_children(node); }
#include "ir/tir/stmt_nodes.def"

void StmtVisitor::visit_children(const StmtNode& node) {
  for_each_child(
      node, [&](const Stmt& child, ChildStep) { visit(child); },
      [&](const Expr& child, ChildStep step) { visit_expr(child, step); });
}

}  // namespace tf::tir
