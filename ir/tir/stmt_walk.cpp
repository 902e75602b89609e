#include "ir/tir/stmt_walk.h"

#include "ir/tir/binding_stmts.h"
#include "ir/tir/control_stmts.h"
#include "ir/tir/dispatch_call.h"
#include "ir/tir/evaluate.h"
#include "ir/tir/intrinsic.h"
#include "ir/tir/prim_function.h"
#include "ir/tir/sequential.h"
#include "ir/tir/terminators.h"

namespace tf::tir {

void walk(const Stmt& root, const std::function<void(const StmtNode&)>& visit) {
  if (!root) return;
  visit(*root);
  switch (root->kind()) {
    case StmtKind::Sequential:
      for (const Stmt& s : *root->as<Sequential>()) walk(s, visit);
      return;
    case StmtKind::LetStmt:
      walk(root->as<LetStmt>()->body, visit);
      return;
    case StmtKind::For:
      walk(root->as<For>()->body, visit);
      return;
    case StmtKind::While:
      walk(root->as<While>()->body, visit);
      return;
    case StmtKind::If:
      walk(root->as<If>()->then_body, visit);
      walk(root->as<If>()->else_body, visit);
      return;
    case StmtKind::MeshScope:
      walk(root->as<MeshScope>()->body, visit);
      return;
    case StmtKind::DispatchCall: {
      const DispatchCall& d = *root->as<DispatchCall>();
      for (const EvaluateRef& c : d.case_calls) walk(c, visit);
      walk(d.fallback, visit);
      return;
    }
    case StmtKind::PrimFunction:
      walk(root->as<PrimFunction>()->body(), visit);
      return;
    case StmtKind::Return:
    case StmtKind::Evaluate:
    case StmtKind::Abort:
    case StmtKind::Intrinsic:
      return;
  }
  TF_UNREACHABLE("bad StmtKind");
}

}  // namespace tf::tir
