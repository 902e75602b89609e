// ShapeOf: fields, the rank-0 i32 type, the axis check, and its use inside dim arithmetic.
#include "ir/core/shape_of.h"

#include <gtest/gtest.h>

#include "ir/core/structural.h"
#include "ir/core/test/ir_test_util.h"
#include "ir/core/type_infer.h"
#include "ir/dim/dim_call.h"
#include "ir/dim/dim_const.h"
#include "ir/dim/dim_eval.h"
#include "ir/dim/simplify_dim.h"
#include "ir/type/tuple_type.h"
#include "ir/type/type_print.h"

namespace tf {
namespace {

using test::Ids;
using test::rule_ids;
using test::tensor;

// covers: TIR.2.2.SHAPEOF.fields
TEST(ShapeOf, HoldsItsParameterAndAxis) {
  VarRef x = test::var("x", tensor({8, 16}, DType::f32()));
  ShapeOfRef s = ShapeOf::make(x, 1).value();
  EXPECT_EQ(s->kind(), ExprKind::ShapeOf);
  EXPECT_TRUE(s->param.same_as(x));
  EXPECT_EQ(s->axis, 1);
  EXPECT_EQ(s->extent(), ShapeDim(16));
}

// covers: TIR.2.2.SHAPEOF.type-rank0-i32
TEST(ShapeOf, IsARankZeroI32Scalar) {
  VarRef x = test::var("x", tensor({test::dim("N", 1, 4096), 64}, DType::bf16()));
  ShapeOfRef s = ShapeOf::make(x, 0).value();
  const TensorType* t = s->type()->as<TensorType>();
  ASSERT_NE(t, nullptr);
  EXPECT_EQ(t->rank(), 0);
  EXPECT_EQ(t->dtype, DType::i32());
  EXPECT_EQ(to_string(s->type()), "Tensor[(), i32, storage=None]");
  Result<IRType> inferred = infer_type(s, test::core_handlers());
  ASSERT_TRUE(inferred.ok());
  EXPECT_TRUE(structural_equal(*inferred, TensorType::meta_scalar(DType::i32())));
}

// covers: TIR.2.2.SHAPEOF.axis-valid
TEST(ShapeOf, TheAxisMustBeAnAxisOfTheParameter) {
  VarRef x = test::var("x", tensor({8, 16}, DType::f32()));
  EXPECT_TRUE(ShapeOf::make(x, 1).ok());
  EXPECT_EQ(rule_ids(ShapeOf::make(x, 2)), Ids{"TIR.2.2.SHAPEOF.axis-valid"});
  EXPECT_EQ(rule_ids(ShapeOf::make(x, -1)), Ids{"TIR.2.2.SHAPEOF.axis-valid"});
  EXPECT_EQ(ShapeOf::make(x, 2).diagnostics()[0].message,
            "ShapeOf(x, 2): axis 2 is not an axis of Tensor[(8, 16), f32], which has rank 2");
  VarRef s = test::var("s", TensorType::meta_scalar(DType::i64()));
  EXPECT_EQ(rule_ids(ShapeOf::make(s, 0)), Ids{"TIR.2.2.SHAPEOF.axis-valid"});
  // Only a tensor has a shape.
  VarRef t = test::var("t", TupleType::make({tensor({4}, DType::f32())}).value());
  Result<ShapeOfRef> r = ShapeOf::make(t, 0);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.diagnostics()[0].category, DiagCategory::Type);
  EXPECT_FALSE(ShapeOf::make(VarRef(), 0).ok());
}

TEST(ShapeOf, WidensToI64InsideDimArithmetic) {
  DimVarRef n = test::dim("N", 1, 4096);
  VarRef x = test::var("x", tensor({n, 64}, DType::f32()));
  ShapeOfRef rows = ShapeOf::make(x, 0).value();
  ShapeOfRef cols = ShapeOf::make(x, 1).value();
  // A ShapeOf operand is not a Constant, so simplify_dim keeps the Call; the Call is i64.
  Expr sum = simplify_dim(DimOpKind::Add, {rows, dim_const(1)}).value();
  ASSERT_TRUE(sum->is<Call>());
  EXPECT_TRUE(structural_equal(sum->type(), TensorType::meta_scalar(DType::i64())));
  Expr prod = simplify_dim(DimOpKind::Mul, {sum, cols}).value();
  DimBinding b;
  ASSERT_FALSE(b.bind(n, 37).has_value());
  EXPECT_EQ(evaluate_dim(rows, b).value(), 37);
  EXPECT_EQ(evaluate_dim(cols, b).value(), 64);
  EXPECT_EQ(evaluate_dim(prod, b).value(), (37 + 1) * 64);
  // Its DimVars are those of the extent it reads.
  std::vector<DimVarRef> free = free_dim_vars(prod);
  ASSERT_EQ(free.size(), 1u);
  EXPECT_TRUE(free[0].same_as(n));
  EXPECT_TRUE(free_dim_vars(cols).empty());
  // Unbound: the DimVar's diagnostic.
  EXPECT_EQ(evaluate_dim(rows, DimBinding()).diagnostics()[0].message,
            "DimVar N [1, 4096) is not bound");
}

TEST(ShapeOf, AnExtentOutsideI32IsAnEvaluationError) {
  DimVarRef big = test::dim("B", 1, std::int64_t{1} << 40);
  VarRef x = test::var("x", tensor({big}, DType::f32()));
  ShapeOfRef s = ShapeOf::make(x, 0).value();
  DimBinding b;
  ASSERT_FALSE(b.bind(big, std::int64_t{1} << 31).has_value());
  Result<std::int64_t> v = evaluate_dim(s, b);
  ASSERT_FALSE(v.ok());
  EXPECT_EQ(v.diagnostics()[0].category, DiagCategory::Eval);
  EXPECT_EQ(v.diagnostics()[0].message, "ShapeOf(x, 0) = 2147483648 does not fit its i32 type");
  ASSERT_FALSE(b.bind(big, (std::int64_t{1} << 31) - 1).has_value());
  EXPECT_EQ(evaluate_dim(s, b).value(), 2147483647);
}

TEST(ShapeOf, StructuralEqualityComparesParameterAndAxis) {
  VarRef x = test::var("x", tensor({8, 16}, DType::f32()));
  VarRef x2 = test::var("x", tensor({8, 16}, DType::f32()));
  VarRef y = test::var("y", tensor({8, 16}, DType::f32()));
  Expr a = ShapeOf::make(x, 0).value();
  EXPECT_TRUE(structural_equal(a, Expr(ShapeOf::make(x2, 0).value())));
  EXPECT_EQ(structural_hash(a), structural_hash(Expr(ShapeOf::make(x2, 0).value())));
  EXPECT_FALSE(structural_equal(a, Expr(ShapeOf::make(x, 1).value())));
  EXPECT_FALSE(structural_equal(a, Expr(ShapeOf::make(y, 0).value())));
}

}  // namespace
}  // namespace tf
