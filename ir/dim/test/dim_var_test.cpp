// DimVar and DimConst, and dims as shape elements (seed 000 section 4).
#include "ir/dim/dim_var.h"

#include <gtest/gtest.h>

#include <thread>
#include <vector>

#include "ir/core/expr_print.h"
#include "ir/core/structural.h"
#include "ir/core/test/ir_test_util.h"
#include "ir/dim/dim_call.h"
#include "ir/dim/dim_const.h"
#include "ir/dim/dim_eval.h"
#include "ir/dim/simplify_dim.h"

namespace tf {
namespace {

using test::Ids;
using test::rule_ids;

// covers: TYPES.4.DIM.dimvar-fields
TEST(DimVar, ExposesNameAndBounds) {
  DimVarRef n = test::dim("N", 1, 1024);
  EXPECT_EQ(n->name, "N");
  EXPECT_EQ(n->lo, 1);
  EXPECT_EQ(n->hi, 1024);
  EXPECT_EQ(n->kind(), ExprKind::DimVar);
}

// covers: TYPES.4.DIM.dimvar-half-open
TEST(DimVar, TheEnvelopeIsHalfOpen) {
  DimVarRef n = test::dim("N", 1, 1024);
  EXPECT_TRUE(n->contains(1));
  EXPECT_TRUE(n->contains(1023));
  EXPECT_FALSE(n->contains(0));
  EXPECT_FALSE(n->contains(1024));
  DimBinding binding;
  EXPECT_FALSE(binding.bind(n, 1023).has_value());
  std::optional<Diagnostic> d = binding.bind(n, 1024);
  ASSERT_TRUE(d.has_value());
  EXPECT_EQ(d->rule_id, "TYPES.4.DIM.dimvar-half-open");
  EXPECT_EQ(d->message, "N = 1024 is outside its envelope [1, 1024) (lo inclusive, hi exclusive)");
  EXPECT_TRUE(binding.bind(n, 0).has_value());
  EXPECT_EQ(binding.lookup(*n), 1023);
}

// covers: TYPES.4.DIM.dimvar-name-nonempty
TEST(DimVar, TheNameMustNotBeEmpty) {
  Result<DimVarRef> r = DimVar::make("", 1, 8);
  EXPECT_EQ(rule_ids(r), Ids{"TYPES.4.DIM.dimvar-name-nonempty"});
  EXPECT_EQ(r.diagnostics()[0].message, "DimVar('', 1, 8): the name must not be empty");
}

// covers: TYPES.4.DIM.dimvar-lo-lt-hi
TEST(DimVar, LoMustBeBelowHi) {
  EXPECT_EQ(rule_ids(DimVar::make("N", 8, 8)), Ids{"TYPES.4.DIM.dimvar-lo-lt-hi"});
  EXPECT_EQ(rule_ids(DimVar::make("N", 9, 8)), Ids{"TYPES.4.DIM.dimvar-lo-lt-hi"});
  EXPECT_EQ(DimVar::make("N", 8, 8).diagnostics()[0].message,
            "DimVar('N', 8, 8): the envelope [lo, hi) is half-open and needs lo < hi; a single "
            "value k is [k, k+1)");
}

// covers: TYPES.4.DIM.dimvar-single-point
TEST(DimVar, ASinglePointEnvelopeIsValid) {
  Result<DimVarRef> r = DimVar::make("N", 8, 9);
  ASSERT_TRUE(r.ok());
  EXPECT_TRUE((*r)->contains(8));
  EXPECT_FALSE((*r)->contains(9));
}

// covers: TYPES.4.DIM.dimvar-canonical-identity
TEST(DimVar, EachTripleIsOneCanonicalObject) {
  DimVarRef a = test::dim("N", 1, 64);
  DimVarRef b = test::dim("N", 1, 64);
  EXPECT_TRUE(a.same_as(b));
  EXPECT_EQ(a.get(), b.get());
  // Identical entries compare equal across Ops: two Calls over DimVar('N', 1, 64) built apart.
  Expr x = simplify_dim(DimOpKind::Add, {a, dim_const(1)}).value();
  Expr y = simplify_dim(DimOpKind::Add, {test::dim("N", 1, 64), dim_const(1)}).value();
  EXPECT_TRUE(structural_equal(x, y));
}

TEST(DimVar, TheCacheIsThreadSafe) {
  constexpr int kThreads = 8;
  std::vector<const DimVar*> seen(kThreads);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&seen, t] {
      for (int i = 0; i < 200; ++i) {
        DimVarRef v = DimVar::make("Tsafe" + std::to_string(i % 10), 0, 100 + i % 10).value();
        if (i == 199) seen[t] = v.get();
      }
    });
  for (std::thread& th : threads) th.join();
  for (int t = 1; t < kThreads; ++t) EXPECT_EQ(seen[t], seen[0]);
}

// covers: TYPES.4.DIM.dimvar-distinct-bounds
TEST(DimVar, OtherBoundsGiveADistinctObject) {
  DimVarRef a = test::dim("N", 1, 64);
  DimVarRef b = test::dim("N", 1, 128);
  EXPECT_FALSE(a.same_as(b));
  EXPECT_FALSE(structural_equal(Expr(a), Expr(b)));
}

// covers: TYPES.4.DIM.dimconst
TEST(DimConst, IsTheIntegerLiteralOfTheDimFamily) {
  ConstantRef seven = dim_const(7);
  EXPECT_TRUE(seven->is_int());
  EXPECT_EQ(seven->int_value(), 7);
  EXPECT_TRUE(structural_equal(seven->type(), TensorType::meta_scalar(DType::i64())));
  EXPECT_EQ(evaluate_dim(seven, DimBinding()).value(), 7);
}

// covers: TYPES.4.DIM.static-int
TEST(ShapeDim, AStaticDimIsAPlainInt) {
  TensorTypeRef t = test::tensor({4, 8}, DType::f32());
  ASSERT_EQ(t->shape.size(), 2u);
  EXPECT_TRUE(t->shape[0].is_static());
  EXPECT_EQ(t->shape[0].value(), 4);
  EXPECT_EQ(t->shape[1].value(), 8);
  EXPECT_EQ(t->shape[0].dim_var(), nullptr);
}

// covers: TYPES.4.DIM.dimvar-dynamic
TEST(ShapeDim, ABoundedDynamicDimIsADimVar) {
  DimVarRef m = test::dim("M", 1, 4096);
  TensorTypeRef t = test::tensor({m, 64}, DType::f16());
  EXPECT_FALSE(t->shape[0].is_static());
  EXPECT_EQ(t->shape[0].dim_var(), m.get());
  EXPECT_TRUE(t->shape[0].expr().same_as(Expr(m)));
}

// covers: TYPES.4.DIM.expr-derived
TEST(ShapeDim, ADerivedDimIsADimExpr) {
  DimVarRef m = test::dim("M", 1, 4096);
  Expr mul = simplify_dim(DimOpKind::Mul, {m, dim_const(2)}).value();
  ShapeDim d = ShapeDim::from_expr(mul).value();
  TensorTypeRef t = test::tensor({d}, DType::f32());
  EXPECT_TRUE(t->shape[0].expr().same_as(mul));
  EXPECT_TRUE(t->shape[0].expr()->is<Call>());
  EXPECT_EQ(t->shape[0].expr()->as<Call>()->op, dim_op(DimOpKind::Mul));
  // An int-valued Constant is the static int itself (the canonical ShapeDim).
  ShapeDim seven =
      ShapeDim::from_expr(simplify_dim(DimOpKind::Add, {dim_const(3), dim_const(4)}).value())
          .value();
  EXPECT_TRUE(seven.is_static());
  EXPECT_EQ(seven.value(), 7);
  EXPECT_TRUE(seven == ShapeDim(7));
}

// covers: TYPES.4.DIM.expr-type-i64
TEST(ShapeDim, ADimExprIsARankZeroI64WithStorageNone) {
  DimVarRef m = test::dim("M", 1, 64);
  Expr add = simplify_dim(DimOpKind::Add, {m, dim_const(1)}).value();
  const TensorType* t = add->type()->as<TensorType>();
  ASSERT_NE(t, nullptr);
  EXPECT_TRUE(t->shape.empty());
  EXPECT_EQ(t->dtype, DType::i64());
  EXPECT_FALSE(t->storage.has_value());
  EXPECT_TRUE(structural_equal(add->type(), TensorType::meta_scalar(DType::i64())));
  // A non-integer expression is not a shape element.
  IRType f32 = test::tensor({}, DType::f32(), std::nullopt);
  EXPECT_EQ(rule_ids(ShapeDim::from_expr(test::var("x", f32))), Ids{"TYPES.4.DIM.expr-type-i64"});
  EXPECT_EQ(rule_ids(ShapeDim::from_expr(test::constant(1.0, f32))),
            Ids{"TYPES.4.DIM.expr-type-i64"});
  EXPECT_EQ(rule_ids(ShapeDim::from_expr(
                test::constant(true, TensorType::meta_scalar(DType::boolean())))),
            Ids{"TYPES.4.DIM.expr-type-i64"});
  EXPECT_EQ(rule_ids(ShapeDim::from_expr(test::var("v", test::tensor({4}, DType::i64())))),
            Ids{"TYPES.4.DIM.expr-type-i64"});
}

// covers: TYPES.4.DIM.shape-element-storage-none
TEST(ShapeDim, ShapeElementsUseStorageNone) {
  DimVarRef m = test::dim("M", 1, 64);
  for (const Expr& e :
       {Expr(m), Expr(dim_const(3)), simplify_dim(DimOpKind::Max, {m, dim_const(2)}).value()}) {
    const TensorType* t = e->type()->as<TensorType>();
    EXPECT_TRUE(t->is_shape_element()) << to_string(e);
    EXPECT_FALSE(t->storage.has_value());
  }
  // A rank-0 integer held in memory is not a shape element.
  IRType rmem_i64 = test::tensor({}, DType::i64(), StorageKind::Rmem);
  Result<ShapeDim> r = ShapeDim::from_expr(test::var("i", rmem_i64));
  EXPECT_EQ(rule_ids(r), Ids{"TYPES.4.DIM.shape-element-storage-none"});
  EXPECT_EQ(r.diagnostics()[0].message,
            "the shape dimension i has storage=rmem; shape elements carry no memory and use "
            "storage=None");
}

}  // namespace
}  // namespace tf
