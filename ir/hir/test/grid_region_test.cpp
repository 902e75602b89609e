// GridRegionExpr: its type by the number of carries, its printing and its checks.
#include "ir/core/grid_region.h"

#include <gtest/gtest.h>

#include "ir/core/structural.h"
#include "ir/core/type_infer.h"
#include "ir/core/expr_print.h"
#include "ir/hir/test/hir_test_util.h"
#include "ir/type/tuple_type.h"
#include "ir/type/type_print.h"

namespace tf::hir {
namespace {

using namespace test;
using Msgs = std::vector<std::string>;

VarRef index_var(DType d = DType::i64()) {
  return var("i", tensor({}, d, StorageKind::Umat));
}

TEST(HirGridRegion, OneCarryTypesAsTheCarry) {
  VarRef acc0 = var("x", tensor({4}, DType::f32()));
  VarRef acc = var("acc", tensor({4}, DType::f32()));
  CallRef next = make_binary(BinaryKind::Add, acc, acc, hir_handlers()).value();
  GridRegionRef g = GridRegionExpr::make({.induction_var = index_var(),
                                          .stop = 8,
                                          .carried = {acc},
                                          .inits = {acc0},
                                          .body = next,
                                          .yields = {next}})
                        .value();
  EXPECT_TRUE(g->type().same_as(acc->type()));
  EXPECT_EQ(g->start().value(), 0);
  EXPECT_EQ(g->step().value(), 1);
  EXPECT_EQ(to_string(*g),
            "for i in range(0, 8, 1) carry (acc = x) { hir.math.Binary(acc, acc, kind=add); "
            "yield (hir.math.Binary(acc, acc, kind=add),) }");
}

// covers: TYPES.5.TUPLE.fields
TEST(HirGridRegion, SeveralCarriesTypeAsATupleAndNoneAsTheBody) {
  VarRef a = var("a", tensor({4}, DType::f32()));
  VarRef b = var("b", tensor({2}, DType::i32()));
  VarRef a0 = var("a0", tensor({4}, DType::f32()));
  VarRef b0 = var("b0", tensor({2}, DType::i32()));
  DimVarRef n = tf::test::dim("N", 1, 64);
  GridRegionRef g = GridRegionExpr::make({.induction_var = index_var(DType::i32()),
                                          .start = 1,
                                          .stop = n,
                                          .step = 2,
                                          .carried = {a, b},
                                          .inits = {a0, b0},
                                          .body = a,
                                          .yields = {a, b}})
                        .value();
  const TupleType* t = g->type()->as<TupleType>();
  ASSERT_NE(t, nullptr);
  ASSERT_EQ(t->fields.size(), 2u);
  EXPECT_TRUE(t->fields[0].same_as(a->type()));
  EXPECT_TRUE(t->fields[1].same_as(b->type()));
  EXPECT_EQ(to_string(*g), "for i in range(1, N, 2) carry (a = a0, b = b0) { a; yield (a, b) }");
  VarRef x = var("x", tensor({3}, DType::f16()));
  GridRegionRef plain =
      GridRegionExpr::make({.induction_var = index_var(), .stop = 4, .body = x}).value();
  EXPECT_TRUE(plain->type().same_as(x->type()));
  EXPECT_EQ(to_string(*plain), "for i in range(0, 4, 1) { x }");
}

TEST(HirGridRegion, MakeRejectsMalformedLoops) {
  VarRef a = var("a", tensor({4}, DType::f32()));
  VarRef h = var("h", tensor({4}, DType::f16()));
  VarRef f = var("f", tensor({}, DType::f32()));
  EXPECT_EQ(
      messages(GridRegionExpr::make({.induction_var = f, .stop = 4, .body = a}).diagnostics()),
      Msgs{"GridRegionExpr: the induction variable 'f' has type Tensor[(), f32]; it must be a "
           "rank-0 i32 or i64 tensor"});
  EXPECT_EQ(
      messages(GridRegionExpr::make(
                   {.induction_var = index_var(), .start = -1, .stop = 4, .step = 0, .body = a})
                   .diagnostics()),
      (Msgs{"GridRegionExpr: start must be non-negative, got -1",
            "GridRegionExpr: step must be positive, got 0"}));
  EXPECT_EQ(messages(GridRegionExpr::make(
                         {.induction_var = index_var(), .stop = 4, .carried = {a}, .body = a})
                         .diagnostics()),
            Msgs{"GridRegionExpr: 1 carried Vars, 0 inits and 0 yields; each carried Var needs "
                 "one init and one yield"});
  EXPECT_EQ(messages(GridRegionExpr::make({.induction_var = index_var(),
                                           .stop = 4,
                                           .carried = {a},
                                           .inits = {h},
                                           .body = a,
                                           .yields = {h}})
                         .diagnostics()),
            (Msgs{"GridRegionExpr: init 0 has type Tensor[(4,), f16], but the "
                  "carried Var 'a' has type Tensor[(4,), f32]",
                  "GridRegionExpr: yield 0 has type Tensor[(4,), f16], but the "
                  "carried Var 'a' has type Tensor[(4,), f32]"}));
  VarRef i = index_var();
  EXPECT_EQ(messages(GridRegionExpr::make({.induction_var = i,
                                           .stop = 4,
                                           .carried = {a, a},
                                           .inits = {a, a},
                                           .body = a,
                                           .yields = {a, a}})
                         .diagnostics()),
            Msgs{"GridRegionExpr: carried Var 'a' is bound twice in one region"});
  EXPECT_EQ(messages(GridRegionExpr::make({.induction_var = i, .stop = 4}).diagnostics()),
            Msgs{"GridRegionExpr: the body is null"});
}

}  // namespace
}  // namespace tf::hir

namespace tf::hir {
namespace {

using namespace test;

TEST(HirGridRegion, IsAnExprKindWithStructuralEqualityAndTypeinfer) {
  VarRef i = var("i", tensor({}, DType::i64(), StorageKind::Umat));
  VarRef acc0 = var("x", tensor({4}, DType::f32()));
  VarRef acc = var("acc", tensor({4}, DType::f32()));
  CallRef next = make_binary(BinaryKind::Add, acc, acc, hir_handlers()).value();
  auto make = [&](ShapeDim stop) {
    return GridRegionExpr::make({.induction_var = i, .stop = stop, .carried = {acc},
                                 .inits = {acc0}, .body = next, .yields = {next}})
        .value();
  };
  const Expr a = make(8), b = make(8), c = make(9);
  EXPECT_EQ(a->kind(), ExprKind::GridRegionExpr);
  EXPECT_EQ(expr_kind_name(a->kind()), "GridRegionExpr");
  EXPECT_TRUE(structural_equal(a, b));
  EXPECT_EQ(structural_hash(a), structural_hash(b));
  EXPECT_FALSE(structural_equal(a, c));
  Result<IRType> t = infer_type(a, hir_handlers());
  ASSERT_TRUE(t.ok());
  EXPECT_TRUE(structural_equal(*t, acc->type()));
  // A region is an operand like any value: it can feed a Binary.
  Result<CallRef> use = make_binary(BinaryKind::Mul, a, acc0, hir_handlers());
  ASSERT_TRUE(use.ok());
  EXPECT_EQ(to_string(Expr(*use)).substr(0, 20), "hir.math.Binary(for ");
}

}  // namespace
}  // namespace tf::hir
