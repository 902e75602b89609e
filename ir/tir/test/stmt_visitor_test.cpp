// StmtVisitor and StmtMutator: children from the named field lists, pre-order, the identity
// rule, rebuilds that keep locations, and named-barrier allocation as a visitor pass.
#include "ir/tir/stmt_visitor.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "ir/core/structural.h"
#include "ir/core/substitute.h"
#include "ir/support/check.h"
#include "ir/tir/stmt_mutator.h"
#include "ir/tir/stmt_walk.h"
#include "ir/tir/test/tir_test_util.h"

namespace tf::tir {
namespace {

using namespace test;

std::string step_text(ChildStep s) {
  return s.index < 0 ? std::string(s.field) : std::string(s.field) + "[" + std::to_string(s.index) + "]";
}

// Records the statements it enters and the expression steps it is shown.
class Recorder final : public StmtVisitor {
 public:
  std::vector<std::string> log;

 protected:
  void enter(const StmtNode& s) override { log.emplace_back(stmt_kind_name(s.kind())); }
  void visit_expr(const Expr& e, ChildStep step) override { log.push_back("." + step_text(step)); }
};

TEST(StmtVisitor, VisitsStatementsInPreOrderAndShowsEachExpressionWithItsStep) {
  VarRef i = i64v("i");
  VarRef n = i64v("n");
  VarRef c = var("c", scalar(DType::boolean()));
  Stmt a = ok(Abort::make("x"));
  IfRef branch = ok(If::make(c, seq({a}), seq({ok(Return::make())})));
  ForRef loop = ok(For::make(i, i64c(0), n, i64c(1), seq({branch})));
  Recorder r;
  r.visit(seq({loop}));
  EXPECT_EQ(r.log, (std::vector<std::string>{"Sequential", "For", ".induction_var", ".start",
                                             ".stop", ".step", "Sequential", "If", ".cond",
                                             "Sequential", "Abort", "Sequential", "Return"}));
}

// Rewrites every Abort's message.
class Rename final : public StmtMutator {
 protected:
  using StmtMutator::mutate_node;
  Stmt mutate_node(const AbortRef& a) override {
    return a->message == "x" ? Stmt(ok(Abort::make("y", a->loc()))) : Stmt(a);
  }
};

TEST(StmtMutator, ReturnsTheSameTreeWhenNothingChanges) {
  SequentialRef root = seq({ok(Abort::make("z")), ok(Return::make())});
  EXPECT_TRUE(Rename().mutate(root).same_as(root));
}

TEST(StmtMutator, RebuildsThePathToAChangeKeepingLocationsAndUntouchedSiblings) {
  const SourceLocation at{"k.tfir", 3, 5};
  Stmt x = ok(Abort::make("x"));
  Stmt keep = ok(Return::make());
  SequentialRef then_body = seq({x});
  SequentialRef else_body = seq({keep});
  VarRef c = var("c", scalar(DType::boolean()));
  IfRef branch = ok(If::make(c, then_body, else_body, at));
  Stmt out = Rename().mutate(seq({branch}));
  const If& rebuilt = *out->as<Sequential>()->body[0]->as<If>();
  EXPECT_FALSE(&rebuilt == branch.get());
  ASSERT_TRUE(rebuilt.loc().has_value());
  EXPECT_EQ(rebuilt.loc()->str(), "k.tfir:3:5");
  EXPECT_TRUE(rebuilt.else_body.same_as(else_body));
  EXPECT_TRUE(rebuilt.cond.same_as(c));
  EXPECT_EQ(rebuilt.then_body->body[0]->as<Abort>()->message, "y");
}

// Substitutes Vars in every expression a statement holds.
class SubstituteIn final : public StmtMutator {
 public:
  explicit SubstituteIn(VarMap map) : map_(std::move(map)) {}

 protected:
  Expr mutate_expr(const Expr& e, ChildStep) override { return substitute(e, map_); }

 private:
  VarMap map_;
};

TEST(StmtMutator, MutateExprReachesTheExpressionsOfStatements) {
  VarRef i = i64v("i");
  VarRef n = i64v("n");
  VarRef m = i64v("m");
  ForRef loop = ok(For::make(i, i64c(0), n, i64c(1), seq({ok(Return::make())})));
  Stmt out = SubstituteIn({{n.get(), m}}).mutate(loop);
  const For& f = *out->as<For>();
  EXPECT_TRUE(f.stop.same_as(m));
  EXPECT_TRUE(f.body.same_as(loop->body));
  EXPECT_TRUE(f.induction_var.same_as(i));
  // A binder replaced by a non-Var is a bug in the rewrite, not a user error.
  EXPECT_THROW((void)SubstituteIn({{i.get(), i64c(2)}}).mutate(loop), InternalError);
}

// A lowered kernel nests one LetStmt per binding. The visitor, walk and let_nesting run an
// explicit stack: 50,000 nested lets (about 10 stack frames each when the walks recursed) are
// visited in pre-order without recursion.
TEST(StmtVisitor, WalksFiftyThousandNestedLetsInPreOrder) {
  const LetChain chain(50'000, ok(Return::make()));
  std::size_t lets = 0, sequentials = 0, returns = 0;
  std::int64_t last = -1;
  bool in_order = true;
  walk(chain.root, [&](const StmtNode& s) {
    if (const auto* let = s.as<LetStmt>()) {
      in_order = in_order && std::get<std::int64_t>(let->value->as<Constant>()->value) == last + 1;
      last = std::get<std::int64_t>(let->value->as<Constant>()->value);
      ++lets;
    }
    sequentials += s.is<Sequential>() ? 1 : 0;
    returns += s.is<Return>() ? 1 : 0;
  });
  EXPECT_EQ(lets, 50'000u);
  EXPECT_EQ(sequentials, 50'001u);
  EXPECT_EQ(returns, 1u);
  EXPECT_TRUE(in_order);
  EXPECT_EQ(let_nesting(chain.root), 50'000u);
  EXPECT_EQ(let_nesting(chain.root->body[0]->as<LetStmt>()->body), 49'999u);
}

// Children are scheduled: a handler that calls visit_children first sees them after it returns;
// the siblings keep their order, each subtree before the next.
TEST(StmtVisitor, VisitChildrenSchedulesTheChildrenInFieldOrder) {
  VarRef c = var("c", scalar(DType::boolean()));
  IfRef branch = ok(If::make(c, seq({ok(Abort::make("then"))}), seq({ok(Abort::make("else"))})));
  Recorder r;
  r.visit(seq({branch, ok(Return::make())}));
  EXPECT_EQ(r.log, (std::vector<std::string>{"Sequential", "If", ".cond", "Sequential", "Abort", "Sequential", "Abort",
                                             "Return"}));
}

// The mutator rewrites bottom-up with an explicit stack: the Return at the bottom of 50,000 lets
// becomes an Abort, every let on the way is rebuilt, and an unchanged chain is returned as is.
TEST(StmtMutator, RewritesUnderFiftyThousandNestedLets) {
  const LetChain chain(50'000, ok(Abort::make("x")));
  Stmt out = Rename().mutate(chain.root);
  ASSERT_FALSE(out.same_as(chain.root));
  EXPECT_EQ(let_nesting(out), 50'000u);
  const StmtNode* s = out.get();
  std::size_t depth = 0;
  while (const auto* let = s->as<Sequential>()->body[0]->as<LetStmt>()) {
    EXPECT_TRUE(let->var.same_as(chain.vars[depth]));
    s = let->body.get();
    ++depth;
  }
  EXPECT_EQ(depth, 50'000u);
  EXPECT_EQ(s->as<Sequential>()->body[0]->as<Abort>()->message, "y");
  // Release the rewrite one level at a time, as LetChain does.
  std::vector<Stmt> levels;
  for (const StmtNode* at = out.get(); at->as<Sequential>()->body[0]->is<LetStmt>();
       at = at->as<Sequential>()->body[0]->as<LetStmt>()->body.get())
    levels.push_back(at->as<Sequential>()->body[0]);
  out = nullptr;
  for (Stmt& l : levels) l = nullptr;
}

TEST(StmtMutator, ReturnsAnUnchangedDeepChainItself) {
  const LetChain chain(50'000, ok(Return::make()));
  EXPECT_TRUE(Rename().mutate(chain.root).same_as(chain.root));
}

}  // namespace
}  // namespace tf::tir
