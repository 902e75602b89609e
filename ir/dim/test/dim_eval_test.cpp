// evaluate_dim, DimBinding and free_dim_vars.
#include "ir/dim/dim_eval.h"

#include <gtest/gtest.h>

#include "ir/core/test/ir_test_util.h"
#include "ir/dim/dim_call.h"
#include "ir/dim/dim_const.h"
#include "ir/dim/simplify_dim.h"

namespace tf {
namespace {

Expr op(DimOpKind k, Expr a, Expr b) {
  return simplify_dim(k, {a, b}).value();
}

TEST(EvaluateDim, UsesTheBindingAndPythonFloorSemantics) {
  DimVarRef n = test::dim("N", -100, 100);
  DimVarRef m = test::dim("M", 1, 64);
  DimBinding b;
  ASSERT_FALSE(b.bind(n, -7).has_value());
  ASSERT_FALSE(b.bind(m, 2).has_value());
  EXPECT_EQ(b.size(), 2u);
  EXPECT_EQ(evaluate_dim(op(DimOpKind::FloorDiv, n, m), b).value(), -4);
  EXPECT_EQ(evaluate_dim(op(DimOpKind::Mod, n, m), b).value(), 1);
  EXPECT_EQ(evaluate_dim(op(DimOpKind::Mul, op(DimOpKind::Add, n, dim_const(1)), m), b).value(),
            -12);
  EXPECT_EQ(evaluate_dim(op(DimOpKind::Min, n, m), b).value(), -7);
  EXPECT_EQ(evaluate_dim(op(DimOpKind::Max, n, m), b).value(), 2);
  EXPECT_EQ(evaluate_dim(op(DimOpKind::Sub, m, n), b).value(), 9);
  // Rebinding replaces the value.
  ASSERT_FALSE(b.bind(n, 7).has_value());
  EXPECT_EQ(evaluate_dim(op(DimOpKind::FloorDiv, n, m), b).value(), 3);
}

TEST(EvaluateDim, ReportsWhatItCannotEvaluate) {
  DimVarRef n = test::dim("N", 1, 100);
  DimBinding none;
  Result<std::int64_t> unbound = evaluate_dim(op(DimOpKind::Add, n, dim_const(1)), none);
  ASSERT_FALSE(unbound.ok());
  EXPECT_EQ(unbound.diagnostics()[0].category, DiagCategory::Eval);
  EXPECT_EQ(unbound.diagnostics()[0].message, "DimVar N [1, 100) is not bound");

  Result<std::int64_t> by_zero =
      evaluate_dim(op(DimOpKind::FloorDiv, dim_const(4), dim_const(0)), none);
  ASSERT_FALSE(by_zero.ok());
  EXPECT_EQ(by_zero.diagnostics()[0].message, "dim arithmetic 4 // 0 divides by zero");

  Expr yes = test::constant(true, TensorType::meta_scalar(DType::boolean()));
  Result<std::int64_t> boolean = evaluate_dim(op(DimOpKind::Add, yes, dim_const(1)), none);
  ASSERT_FALSE(boolean.ok());
  EXPECT_EQ(boolean.diagnostics()[0].message, "the dim operand true is not an int");

  Expr big = op(DimOpKind::Add, dim_const(INT64_MAX), dim_const(1));
  Result<std::int64_t> overflow = evaluate_dim(big, none);
  ASSERT_FALSE(overflow.ok());
  EXPECT_EQ(overflow.diagnostics()[0].message,
            "dim arithmetic 9223372036854775807 + 1 overflows int64");

  Expr v = test::var("k", TensorType::meta_scalar(DType::i64()));
  EXPECT_EQ(evaluate_dim(v, none).diagnostics()[0].message, "the Var k is not a dim expression");
}

TEST(FreeDimVars, DistinctInFirstOccurrenceOrder) {
  DimVarRef n = test::dim("N", 1, 100), m = test::dim("M", 1, 100);
  Expr e = op(DimOpKind::Add, op(DimOpKind::Mul, m, n), op(DimOpKind::Sub, m, dim_const(1)));
  std::vector<DimVarRef> vars = free_dim_vars(e);
  ASSERT_EQ(vars.size(), 2u);
  EXPECT_EQ(vars[0].get(), m.get());
  EXPECT_EQ(vars[1].get(), n.get());
  EXPECT_TRUE(free_dim_vars(dim_const(3)).empty());
}

}  // namespace
}  // namespace tf
