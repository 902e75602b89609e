// simplify_dim: construction-time folding (seed 000 section 4) and the dim op signatures.
#include "ir/dim/simplify_dim.h"

#include <gtest/gtest.h>

#include <limits>

#include "ir/core/expr_print.h"
#include "ir/core/structural.h"
#include "ir/core/test/ir_test_util.h"
#include "ir/dim/dim_call.h"
#include "ir/dim/dim_const.h"

namespace tf {
namespace {

using test::Ids;
using test::rule_ids;

Expr c(std::int64_t v) {
  return dim_const(v);
}

// The folded value, or nullopt when simplify_dim kept a Call.
std::optional<std::int64_t> folded(DimOpKind k, std::int64_t a, std::int64_t b) {
  Expr e = simplify_dim(k, {c(a), c(b)}).value();
  if (const Constant* k2 = e->as<Constant>()) return k2->int_value();
  EXPECT_TRUE(e->is<Call>());
  return std::nullopt;
}

// covers: TYPES.4.FOLD.all-int-constants-fold
TEST(SimplifyDim, AllIntConstantsFoldToAConstant) {
  EXPECT_EQ(folded(DimOpKind::Add, 3, 4), 7);
  EXPECT_EQ(folded(DimOpKind::Sub, 2, 5), -3);
  EXPECT_EQ(folded(DimOpKind::Mul, 6, 7), 42);
  EXPECT_EQ(folded(DimOpKind::FloorDiv, 7, 2), 3);
  EXPECT_EQ(folded(DimOpKind::Mod, 7, 3), 1);
  EXPECT_EQ(folded(DimOpKind::Min, 2, 5), 2);
  EXPECT_EQ(folded(DimOpKind::Max, 2, 5), 5);
  // Python floor semantics for negative operands.
  EXPECT_EQ(folded(DimOpKind::FloorDiv, -7, 2), -4);
  EXPECT_EQ(folded(DimOpKind::FloorDiv, 7, -2), -4);
  EXPECT_EQ(folded(DimOpKind::FloorDiv, -7, -2), 3);
  EXPECT_EQ(folded(DimOpKind::Mod, -7, 3), 2);
  EXPECT_EQ(folded(DimOpKind::Mod, 7, -3), -2);
  EXPECT_EQ(folded(DimOpKind::Mod, -7, -3), -1);
  // The folded Constant is a dim literal: meta_scalar(i64).
  Expr seven = simplify_dim(DimOpKind::Add, {c(3), c(4)}).value();
  EXPECT_TRUE(structural_equal(seven, Expr(dim_const(7))));
  // Any int-valued Constant folds, whatever its integer dtype or storage; the result is i64.
  Expr i32_rmem =
      test::constant(std::int64_t{5}, test::tensor({}, DType::i32(), StorageKind::Rmem));
  EXPECT_TRUE(structural_equal(simplify_dim(DimOpKind::Mul, {i32_rmem, c(2)}).value(),
                               Expr(dim_const(10))));
}

// covers: TYPES.4.FOLD.otherwise-canonical-call
TEST(SimplifyDim, OtherwiseTheCanonicalCallWithTheArgsUnchanged) {
  DimVarRef m = test::dim("M", 1, 64);
  Expr one = c(1);
  Expr e = simplify_dim(DimOpKind::Add, {m, one}).value();
  const Call* call = e->as<Call>();
  ASSERT_NE(call, nullptr);
  EXPECT_EQ(call->op, dim_op(DimOpKind::Add));
  ASSERT_EQ(call->args.size(), 2u);
  EXPECT_TRUE(call->args[0].same_as(Expr(m)));
  EXPECT_TRUE(call->args[1].same_as(one));
  EXPECT_TRUE(structural_equal(e->type(), TensorType::meta_scalar(DType::i64())));
  // The Op overload is the same construction.
  EXPECT_TRUE(structural_equal(simplify_dim(dim_op(DimOpKind::Add), {m, one}).value(), e));
}

// covers: TYPES.4.FOLD.floordiv-zero-divisor-kept
TEST(SimplifyDim, FloorDivByZeroKeepsTheCall) {
  Result<Expr> r = simplify_dim(DimOpKind::FloorDiv, {c(4), c(0)});
  ASSERT_TRUE(r.ok());
  ASSERT_TRUE((*r)->is<Call>());
  EXPECT_EQ((*r)->as<Call>()->op, dim_op(DimOpKind::FloorDiv));
  EXPECT_EQ(to_string(*r), "4 // 0");
}

// covers: TYPES.4.FOLD.mod-zero-divisor-kept
TEST(SimplifyDim, ModByZeroKeepsTheCall) {
  Result<Expr> r = simplify_dim(DimOpKind::Mod, {c(4), c(0)});
  ASSERT_TRUE(r.ok());
  ASSERT_TRUE((*r)->is<Call>());
  EXPECT_EQ((*r)->as<Call>()->op, dim_op(DimOpKind::Mod));
}

// covers: TYPES.4.FOLD.non-int-payload-kept
TEST(SimplifyDim, ANonIntPayloadKeepsTheCall) {
  Expr yes = test::constant(true, TensorType::meta_scalar(DType::boolean()));
  Result<Expr> r = simplify_dim(DimOpKind::Add, {yes, c(1)});
  ASSERT_TRUE(r.ok());
  ASSERT_TRUE((*r)->is<Call>());
  EXPECT_EQ((*r)->as<Call>()->op, dim_op(DimOpKind::Add));
  EXPECT_TRUE((*r)->as<Call>()->args[0].same_as(yes));
}

TEST(SimplifyDim, AnInt64OverflowKeepsTheCall) {
  const std::int64_t max = std::numeric_limits<std::int64_t>::max();
  const std::int64_t min = std::numeric_limits<std::int64_t>::min();
  EXPECT_EQ(folded(DimOpKind::Add, max, 1), std::nullopt);
  EXPECT_EQ(folded(DimOpKind::Sub, min, 1), std::nullopt);
  EXPECT_EQ(folded(DimOpKind::Mul, max, 2), std::nullopt);
  EXPECT_EQ(folded(DimOpKind::FloorDiv, min, -1), std::nullopt);
  EXPECT_EQ(folded(DimOpKind::Mod, min, -1), 0);
  EXPECT_EQ(folded(DimOpKind::Add, max, 0), max);
}

// covers: TYPES.4.FOLD.no-identity-folding
TEST(SimplifyDim, NoAlgebraicIdentityIsApplied) {
  DimVarRef m = test::dim("M", 1, 64);
  for (auto [k, v] : {std::pair{DimOpKind::Add, 0}, std::pair{DimOpKind::Mul, 1},
                      std::pair{DimOpKind::Sub, 0}, std::pair{DimOpKind::FloorDiv, 1}}) {
    Expr e = simplify_dim(k, {m, c(v)}).value();
    EXPECT_TRUE(e->is<Call>()) << to_string(e);
    EXPECT_FALSE(e.same_as(Expr(m)));
  }
  EXPECT_TRUE(simplify_dim(DimOpKind::Min, {m, m}).value()->is<Call>());
}

// covers: TYPES.4.DIM.arith-op-set
TEST(DimOps, TheSevenOpsEachBuildACallFromTwoRankZeroIntegers) {
  DimVarRef m = test::dim("M", 1, 64);
  const char* names[] = {"dim.DimAdd", "dim.DimSub", "dim.DimMul", "dim.DimFloorDiv",
                         "dim.DimMod", "dim.DimMin", "dim.DimMax"};
  for (std::size_t i = 0; i < kAllDimOps.size(); ++i) {
    Result<CallRef> call = make_dim_call(kAllDimOps[i], {m, c(2)});
    ASSERT_TRUE(call.ok()) << names[i];
    EXPECT_EQ((*call)->op.name(), names[i]);
    EXPECT_EQ((*call)->op.form(), OpForm::Value);
  }
  // An op outside the family is not a dim op.
  OpRegistry r;
  Op other = r.add({.name = "test.NotDim"}).value();
  EXPECT_EQ(rule_ids(simplify_dim(other, {m, c(2)})), Ids{"TYPES.4.DIM.arith-op-set"});
}

// covers: TYPES.4.DIM.arith-two-inputs
TEST(DimOps, EachTakesExactlyTwoInputs) {
  DimVarRef m = test::dim("M", 1, 64);
  EXPECT_EQ(rule_ids(simplify_dim(DimOpKind::Add, {m})), Ids{"TYPES.4.DIM.arith-two-inputs"});
  EXPECT_EQ(rule_ids(simplify_dim(DimOpKind::Add, {m, m, m})), Ids{"TYPES.4.DIM.arith-two-inputs"});
  EXPECT_EQ(rule_ids(simplify_dim(DimOpKind::Add, {c(1), c(2), c(3)})),
            Ids{"TYPES.4.DIM.arith-two-inputs"});
  EXPECT_EQ(make_dim_call(DimOpKind::Add, {m}).diagnostics()[0].message,
            "dim.DimAdd takes exactly two operands, got 1");
}

// covers: TYPES.4.DIM.arith-rank0-integer-inputs
TEST(DimOps, InputsAreRankZeroIntegerExprs) {
  DimVarRef m = test::dim("M", 1, 64);
  Expr rank1 = test::var("v", test::tensor({4}, DType::i64()));
  Expr f32 = test::var("x", test::tensor({}, DType::f32(), StorageKind::Rmem));
  Result<Expr> r1 = simplify_dim(DimOpKind::Mul, {m, rank1});
  EXPECT_EQ(rule_ids(r1), Ids{"TYPES.4.DIM.arith-rank0-integer-inputs"});
  EXPECT_EQ(r1.diagnostics()[0].message,
            "operand 1 of dim.DimMul must be a rank-0 integer expression, but v has type "
            "Tensor[(4,), i64]");
  EXPECT_EQ(rule_ids(simplify_dim(DimOpKind::Mul, {f32, m})),
            Ids{"TYPES.4.DIM.arith-rank0-integer-inputs"});
  EXPECT_EQ(
      rule_ids(simplify_dim(DimOpKind::Mul, {f32, rank1})),
      (Ids{"TYPES.4.DIM.arith-rank0-integer-inputs", "TYPES.4.DIM.arith-rank0-integer-inputs"}));
  EXPECT_TRUE(simplify_dim(DimOpKind::Mul, {m, m}).ok());
  Expr i64_var = test::var("k", TensorType::meta_scalar(DType::i64()));
  EXPECT_TRUE(simplify_dim(DimOpKind::Mul, {i64_var, m}).ok());
}

}  // namespace
}  // namespace tf
