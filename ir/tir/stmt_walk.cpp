#include "ir/tir/stmt_walk.h"

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

}  // namespace tf::tir
