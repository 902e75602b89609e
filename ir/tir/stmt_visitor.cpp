#include "ir/tir/stmt_visitor.h"

namespace tf::tir {

void StmtVisitor::visit(const Stmt& s) {
  if (!s) return;
  if (visiting_) {  // from a handler: after it returns
    batch_.push_back(s.get());
    return;
  }
  struct Running {  // the visitor can be reused after a handler throws
    StmtVisitor& v;
    explicit Running(StmtVisitor& visitor) : v(visitor) { v.visiting_ = true; }
    ~Running() {
      v.visiting_ = false;
      v.pending_.clear();
      v.batch_.clear();
    }
  } running(*this);
  pending_.push_back(s.get());
  while (!pending_.empty()) {
    const StmtNode& next = *pending_.back();
    pending_.pop_back();
    enter(next);
    dispatch(next);
    pending_.insert(pending_.end(), batch_.rbegin(), batch_.rend());  // the first scheduled on top
    batch_.clear();
  }
}

void StmtVisitor::dispatch(const StmtNode& s) {
  switch (s.kind()) {
#define TF_STMT_NODE(Name)                   \
  case StmtKind::Name:                       \
    visit_node(static_cast<const Name&>(s)); \
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
