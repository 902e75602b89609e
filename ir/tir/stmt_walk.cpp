#include "ir/tir/stmt_walk.h"

#include <algorithm>
#include <utility>
#include <vector>

#include "ir/tir/stmt_visitor.h"

namespace tf::tir {
namespace {

class PreOrderWalk final : public StmtVisitor {
 public:
  explicit PreOrderWalk(const std::function<void(const StmtNode&)>& f) : f_(f) {}

 protected:
  void enter(const StmtNode& node) override { f_(node); }

 private:
  const std::function<void(const StmtNode&)>& f_;
};

}  // namespace

void walk(const Stmt& root, const std::function<void(const StmtNode&)>& visit) {
  PreOrderWalk(visit).visit(root);
}

std::size_t let_nesting(const Stmt& root) {
  std::size_t deepest = 0;
  std::vector<std::pair<const StmtNode*, std::size_t>> work;  // a statement and the lets enclosing it
  if (root) work.emplace_back(root.get(), 0);
  while (!work.empty()) {
    const auto [s, outer] = work.back();
    work.pop_back();
    const std::size_t depth = outer + (s->is<LetStmt>() ? 1 : 0);
    deepest = std::max(deepest, depth);
    for_each_child(
        *s,
        [&](const Stmt& c, ChildStep) {
          if (c) work.emplace_back(c.get(), depth);
        },
        [](const Expr&, ChildStep) {});
  }
  return deepest;
}

}  // namespace tf::tir
