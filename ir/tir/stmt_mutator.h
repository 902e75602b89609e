// StmtMutator: the one kind switch over TIR statements, for rewrites.
//
// Design note (after Halide's IRMutator). `mutate(s)` dispatches on s's kind to the
// `mutate_node` overload for its node struct; every overload's default (mutate_children)
// mutates the child statements through mutate and the expressions through mutate_expr
// (default: unchanged), and returns the same node when nothing changed, else the node rebuilt
// through its checking factory with its source location kept. A rewrite that breaks a
// statement's structural rule is a bug in the rewrite (InternalError naming the rule).
//
// The rewrite is iterative and bottom-up: mutate() walks the tree with an explicit stack,
// rewrites every child statement before its parent, and then calls the parent's handler, whose
// mutate_children assembles the children's rewrites (and mutates its expressions). So a body of
// any depth costs no stack (a lowered kernel nests one LetStmt per binding). A handler that
// returns a node without calling mutate_children discards its children's rewrites; one that
// calls mutate_children on another node, or mutate(), rewrites that one on the spot.
#pragma once

#include <functional>
#include <vector>

#include "ir/tir/stmt_children.h"

namespace tf::tir {

/// Base of statement rewrites (design note).
class StmtMutator {
 public:
  virtual ~StmtMutator() = default;

  /// The rewritten `s` (null for null), bottom-up (design note).
  Stmt mutate(const Stmt& s);

 protected:
  /// One handler per kind; each defaults to mutate_children(node).
#define TF_STMT_NODE(Name) virtual Stmt mutate_node(const Ref<const Name>& node);
#include "ir/tir/stmt_nodes.def"

  /// `node` with its children mutated: the same node when none changed.
  Stmt mutate_children(const Stmt& node);
  /// The rewrite of an expression a statement holds (default: unchanged). A Call that an
  /// Evaluate holds must stay a Call.
  virtual Expr mutate_expr(const Expr& e, ChildStep step) { return e; }

 private:
  // The statement whose handler runs, its child statements and their rewrites, in field order.
  struct Rewritten {
    const StmtNode* node;
    const std::vector<Stmt>* children;
    const std::vector<Stmt>* rewrites;
  };
  Stmt dispatch(const Stmt& s);

  const Rewritten* rewritten_ = nullptr;
};

/// Replaces the children of one statement: statements and expressions, with their steps.
struct StmtReplacer {
  using StmtBase = StmtNode;
  std::function<Stmt(const Stmt&, ChildStep)> stmt;
  std::function<Expr(const Expr&, ChildStep)> expr;
  Stmt operator()(const Stmt& c, ChildStep step) { return stmt(c, step); }
  Expr operator()(const Expr& c, ChildStep step) { return expr(c, step); }
};

/// `s` with every child replaced by `replace`, or `s` itself when every replacement is the
/// child itself; rebuilt through its factory with its location kept (the diagnostics when a
/// structural rule fails). Precondition (TF_CHECK): `s` is not null.
Result<Stmt> rebuild_with(const Stmt& s, StmtReplacer replace);

}  // namespace tf::tir
