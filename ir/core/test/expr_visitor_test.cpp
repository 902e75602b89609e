// The generic expression machinery: children from the named field lists, ExprVisitor's two
// sharing policies, ExprMutator's identity rule and memo, substitution.
#include "ir/core/expr_visitor.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "ir/core/expr_mutator.h"
#include "ir/core/structural.h"
#include "ir/core/substitute.h"
#include "ir/core/test/ir_test_util.h"
#include "ir/dim/dim_const.h"
#include "ir/dim/dim_ops.h"
#include "ir/dim/simplify_dim.h"
#include "ir/support/check.h"

namespace tf {
namespace {

using test::tensor;

IRType f32() {
  return tensor({4}, DType::f32());
}
IRType index_type() {
  return tensor({}, DType::i64());
}
TupleRef tuple(std::vector<Expr> elements) {
  return Tuple::make(std::move(elements)).value();
}
std::string step_text(ChildStep s) {
  return s.index < 0 ? std::string(s.field) : std::string(s.field) + "[" + std::to_string(s.index) + "]";
}

TEST(ExprChildren, StepsNameTheFieldAndTheIndex) {
  VarRef a = test::var("a", f32());
  VarRef b = test::var("b", f32());
  TupleRef t = tuple({a, b});
  std::vector<std::string> steps;
  std::vector<const ExprNode*> children;
  for_each_child(*t, [&](const Expr& c, ChildStep s) {
    steps.push_back(step_text(s));
    children.push_back(c.get());
  });
  EXPECT_EQ(steps, (std::vector<std::string>{"elements[0]", "elements[1]"}));
  EXPECT_EQ(children, (std::vector<const ExprNode*>{a.get(), b.get()}));

  TupleGetItemRef g = TupleGetItem::make(t, 1).value();
  steps.clear();
  for_each_child(*g, [&](const Expr&, ChildStep s) { steps.push_back(step_text(s)); });
  EXPECT_EQ(steps, (std::vector<std::string>{"tuple"}));  // the index and the type are not children
  int leaf_children = 0;
  for_each_child(*a, [&](const Expr&, ChildStep) { ++leaf_children; });
  EXPECT_EQ(leaf_children, 0);
}

TEST(ExprChildren, ALoopListsItsBindersDimsAndValuesInFieldOrder) {
  VarRef i = test::var("i", index_type());
  VarRef c = test::var("c", f32());
  VarRef x = test::var("x", f32());
  VarRef y = test::var("y", f32());
  DimVarRef n = test::dim("N", 1, 64);
  GridRegionRef loop = GridRegionExpr::make({i, 0, n, 1, {c}, {x}, y, {y}}).value();
  std::vector<std::string> steps;
  for_each_child(*loop, [&](const Expr&, ChildStep s) { steps.push_back(step_text(s)); });
  // start and step are static (no child); stop is the DimVar N.
  EXPECT_EQ(steps, (std::vector<std::string>{"induction_var", "stop", "carried[0]", "inits[0]",
                                             "body", "yields[0]"}));
}

// Counts the Vars it meets, at every use or once per node.
class VarCounter final : public ExprVisitor {
 public:
  using ExprVisitor::ExprVisitor;
  int vars = 0;
  std::vector<std::string> steps;

 protected:
  using ExprVisitor::visit_node;
  void visit_node(const Var& v) override {
    ++vars;
    steps.push_back(path_suffix(path()));
  }
};

TEST(ExprVisitor, OnceVisitsASharedNodeAtItsFirstUseEveryUseAtEach) {
  VarRef a = test::var("a", f32());
  TupleRef inner = tuple({a, a});
  TupleRef outer = tuple({inner, inner});  // a DAG: inner is shared, a is shared inside it
  VarCounter once;
  once.visit(outer);
  EXPECT_EQ(once.vars, 1);
  EXPECT_EQ(once.steps, (std::vector<std::string>{".elements[0].elements[0]"}));
  VarCounter every(ExprVisitor::Sharing::EveryUse);
  every.visit(outer);
  EXPECT_EQ(every.vars, 4);
  EXPECT_EQ(every.steps,
            (std::vector<std::string>{".elements[0].elements[0]", ".elements[0].elements[1]",
                                      ".elements[1].elements[0]", ".elements[1].elements[1]"}));
}

// Replaces DimVar N by the constant 8 (and counts how often it was asked).
class ReplaceN final : public ExprMutator {
 public:
  int calls = 0;

 protected:
  using ExprMutator::mutate_node;
  Expr mutate_node(const DimVarRef& v) override {
    ++calls;
    return v->name == "N" ? Expr(dim_const(8)) : Expr(v);
  }
};

TEST(ExprMutator, ReturnsTheSameNodeWhenNothingChanges) {
  VarRef a = test::var("a", f32());
  TupleRef t = tuple({a, tuple({a})});
  ReplaceN m;
  EXPECT_TRUE(m.mutate(t).same_as(t));
  EXPECT_TRUE(m.mutate(Expr()).get() == nullptr);
}

TEST(ExprMutator, RebuildsOnlyThePathToAChangeAndMutatesASharedNodeOnce) {
  DimVarRef n = test::dim("N", 1, 64);
  DimVarRef m = test::dim("M", 1, 64);
  Expr n_plus_1 = simplify_dim(DimOpKind::Add, {n, dim_const(1)}).value();
  Expr m_plus_1 = simplify_dim(DimOpKind::Add, {m, dim_const(1)}).value();
  TupleRef t = tuple({n_plus_1, n_plus_1, m_plus_1});
  ReplaceN r;
  Expr out = r.mutate(t);
  ASSERT_FALSE(out.same_as(t));
  const Tuple& rebuilt = *out->as<Tuple>();
  EXPECT_TRUE(rebuilt.elements[0].same_as(rebuilt.elements[1]));  // still shared
  EXPECT_TRUE(rebuilt.elements[2].same_as(m_plus_1));             // untouched: not copied
  // The Call is rebuilt with its new operand and keeps its op (a mutator does not simplify).
  const Call* sum = rebuilt.elements[0]->as<Call>();
  ASSERT_NE(sum, nullptr);
  EXPECT_EQ(sum->op, n_plus_1->as<Call>()->op);
  EXPECT_TRUE(structural_equal(sum->args[0], Expr(dim_const(8))));
  EXPECT_TRUE(sum->args[1].same_as(n_plus_1->as<Call>()->args[1]));
  EXPECT_EQ(r.calls, 2);  // N once (memoized), M once
}

// A rewrite keeps the source's names and places without tables: the node rebuilt for one that
// carries a binding shares that binding, an untouched node keeps its own, a node without one
// gets none.
TEST(ExprMutator, ARebuiltNodeKeepsTheBindingOfTheNodeItReplaces) {
  DimVarRef n = test::dim("N", 1, 64);
  DimVarRef m = test::dim("M", 1, 64);
  Expr n_plus_1 = simplify_dim(DimOpKind::Add, {n, dim_const(1)}).value();
  Expr m_plus_1 = simplify_dim(DimOpKind::Add, {m, dim_const(1)}).value();
  EXPECT_EQ(n_plus_1->binding(), nullptr);
  EXPECT_EQ(n_plus_1->binding_name(), "");
  ASSERT_TRUE(attach_binding(*n_plus_1, make_binding_info("s", SourceLocation{"f.tfir", 3, 5})));
  EXPECT_FALSE(attach_binding(*n_plus_1, make_binding_info("again")));  // the first binding stays
  EXPECT_EQ(n_plus_1->binding_name(), "s");
  ASSERT_TRUE(attach_binding(*m_plus_1, make_binding_info("u")));
  TupleRef t = tuple({n_plus_1, m_plus_1});
  Expr out = ReplaceN().mutate(t);
  ASSERT_FALSE(out.same_as(t));
  EXPECT_EQ(out->binding(), nullptr);  // the Tuple had none
  const Tuple& rebuilt = *out->as<Tuple>();
  ASSERT_FALSE(rebuilt.elements[0].same_as(n_plus_1));
  EXPECT_EQ(rebuilt.elements[0]->binding(), n_plus_1->binding());  // the same record, shared
  EXPECT_EQ(rebuilt.elements[0]->binding()->location.str(), "f.tfir:3:5");
  EXPECT_TRUE(rebuilt.elements[1].same_as(m_plus_1));
  EXPECT_EQ(rebuilt.elements[1]->binding_name(), "u");
}

TEST(Substitute, ReplacesVarsByIdentityAndKeepsWhatItDoesNotTouch) {
  VarRef a = test::var("a", f32());
  VarRef a2 = test::var("a", f32());  // same name, another Var
  VarRef b = test::var("b", f32());
  TupleRef t = tuple({a, a2});
  Expr out = substitute(t, {{a.get(), b}});
  const Tuple& r = *out->as<Tuple>();
  EXPECT_TRUE(r.elements[0].same_as(b));
  EXPECT_TRUE(r.elements[1].same_as(a2));
  EXPECT_TRUE(substitute(t, {}).same_as(t));
  EXPECT_TRUE(substitute(t, {{b.get(), a}}).same_as(t));
}

TEST(Substitute, ALoopIsRebuiltWithItsTypeRecomputed) {
  VarRef i = test::var("i", index_type());
  VarRef x = test::var("x", f32());
  VarRef z = test::var("z", tensor({8}, DType::f32()));
  GridRegionRef loop = GridRegionExpr::make({i, 0, 4, 1, {}, {}, x, {}}).value();
  Expr out = substitute(loop, {{x.get(), z}});
  const GridRegionExpr& g = *out->as<GridRegionExpr>();
  EXPECT_TRUE(g.body().same_as(z));
  EXPECT_TRUE(g.induction_var().same_as(i));
  EXPECT_TRUE(structural_equal(out->type(), z->type()));  // the body's type, not the old one
}

TEST(Substitute, ABinderReplacedByANonVarIsABugInTheRewrite) {
  VarRef i = test::var("i", index_type());
  VarRef x = test::var("x", f32());
  GridRegionRef loop = GridRegionExpr::make({i, 0, 4, 1, {}, {}, x, {}}).value();
  EXPECT_THROW((void)substitute(loop, {{i.get(), dim_const(3)}}), InternalError);
}

TEST(Substitute, AnIllTypedRebuildIsABugInTheRewrite) {
  VarRef i = test::var("i", index_type());
  VarRef c = test::var("c", f32());
  VarRef x = test::var("x", f32());
  VarRef wide = test::var("w", tensor({8}, DType::f32()));
  GridRegionRef loop = GridRegionExpr::make({i, 0, 4, 1, {c}, {x}, x, {x}}).value();
  // The init no longer has the carried Var's type: GridRegionExpr::make refuses the rebuild.
  EXPECT_THROW((void)substitute(loop, {{x.get(), wide}}), InternalError);
}

}  // namespace
}  // namespace tf
