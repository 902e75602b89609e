// The tfir spelling of expressions.
#include "ir/core/expr_print.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "ir/core/shape_of.h"
#include "ir/core/symbol_ref.h"
#include "ir/core/test/ir_test_util.h"
#include "ir/core/tuple.h"
#include "ir/dim/dim_call.h"
#include "ir/dim/dim_const.h"
#include "ir/type/callable_type.h"
#include "ir/type/unit_type.h"

namespace tf {
namespace {

using test::tensor;

Expr op(DimOpKind k, Expr a, Expr b) {
  return Expr(make_dim_call(k, {a, b}).value());
}

TEST(ExprPrint, Literals) {
  EXPECT_EQ(to_string(Expr(dim_const(7))), "7");
  EXPECT_EQ(to_string(Expr(dim_const(-3))), "-3");
  IRType f32 = tensor({}, DType::f32(), StorageKind::Rmem);
  EXPECT_EQ(to_string(Expr(test::constant(1.5, f32))), "1.5");
  EXPECT_EQ(to_string(Expr(test::constant(2.0, f32))), "2.0");
  EXPECT_EQ(to_string(Expr(test::constant(-std::numeric_limits<double>::infinity(), f32))), "-inf");
  EXPECT_EQ(to_string(Expr(test::constant(std::nan(""), f32))), "nan");
  EXPECT_EQ(to_string(Expr(test::constant(0.5, tensor({}, DType::bf16(), StorageKind::Rmem)))),
            "bf16(0.5)");
  EXPECT_EQ(to_string(Expr(test::constant(std::int64_t{7}, TensorType::meta_scalar(DType::i32())))),
            "i32(7)");
  EXPECT_EQ(to_string(Expr(test::constant(true, TensorType::meta_scalar(DType::boolean())))),
            "true");
  EXPECT_EQ(to_string(Expr()), "<null>");
}

TEST(ExprPrint, DimArithmeticUsesPythonPrecedenceAndMinimalParentheses) {
  Expr n = test::dim("N", 1, 4097);
  Expr m = test::dim("M", 1, 64);
  Expr one = dim_const(1), two = dim_const(2);
  EXPECT_EQ(to_string(n), "N");
  EXPECT_EQ(to_string(op(DimOpKind::Add, n, one)), "N + 1");
  EXPECT_EQ(to_string(op(DimOpKind::Mul, op(DimOpKind::Add, n, one), two)), "(N + 1) * 2");
  EXPECT_EQ(to_string(op(DimOpKind::Add, op(DimOpKind::Mul, n, two), one)), "N * 2 + 1");
  EXPECT_EQ(to_string(op(DimOpKind::Sub, n, op(DimOpKind::Sub, m, one))), "N - (M - 1)");
  EXPECT_EQ(to_string(op(DimOpKind::Sub, op(DimOpKind::Sub, n, m), one)), "N - M - 1");
  EXPECT_EQ(to_string(op(DimOpKind::FloorDiv, n, op(DimOpKind::Mul, m, two))), "N // (M * 2)");
  EXPECT_EQ(to_string(op(DimOpKind::Mod, op(DimOpKind::FloorDiv, n, two), m)), "N // 2 % M");
  EXPECT_EQ(to_string(op(DimOpKind::Min, op(DimOpKind::Add, n, one), m)), "min(N + 1, M)");
  EXPECT_EQ(to_string(op(DimOpKind::Mul, op(DimOpKind::Max, n, m), two)), "max(N, M) * 2");
  EXPECT_EQ(to_string(op(DimOpKind::Add, n, dim_const(-1))), "N + (-1)");
}

TEST(ExprPrint, OtherCallsUseTheOpName) {
  OpRegistry r;
  Op f = r.add({.name = "test.F", .params = {ParamDef::variadic_operand("xs")}}).value();
  IRType t = tensor({4}, DType::f32());
  VarRef x = test::var("x", t);
  EXPECT_EQ(to_string(Expr(Call::make(f, {x, x}, t).value())), "test.F(x, x)");
  EXPECT_EQ(to_string(Expr(Call::make(f, {}, t).value())), "test.F()");
}

TEST(ExprPrint, TuplesProjectionsSymbolsAndShapeOf) {
  IRType t = tensor({4}, DType::f32());
  VarRef a = test::var("a", t), b = test::var("b", t);
  TupleRef pair = Tuple::make({a, b}).value();
  EXPECT_EQ(to_string(Expr(pair)), "(a, b)");
  EXPECT_EQ(to_string(Expr(Tuple::make({a}).value())), "(a,)");
  EXPECT_EQ(to_string(Expr(Tuple::make({}).value())), "()");
  EXPECT_EQ(to_string(Expr(Tuple::make({pair, a}).value())), "((a, b), a)");
  VarRef r = test::var("r", pair->type());
  EXPECT_EQ(to_string(Expr(TupleGetItem::make(r, 1).value())), "tuple_get_item(r, index=1)");
  IRType g = CallableType::make(UnitType::make(), {t}).value();
  EXPECT_EQ(to_string(Expr(SymbolRef::make("f_small", g).value())), "@f_small");
  VarRef m = test::var("m", tensor({test::dim("N", 1, 4097), 8}, DType::f32()));
  ShapeOfRef s0 = ShapeOf::make(m, 0).value();
  EXPECT_EQ(to_string(Expr(s0)), "ShapeOf(m, 0)");
  EXPECT_EQ(to_string(Expr(ShapeOf::make(m, 1).value())), "ShapeOf(m, 1)");
  // Inside dim arithmetic a ShapeOf is an atom.
  EXPECT_EQ(to_string(op(DimOpKind::Mul, op(DimOpKind::Add, s0, dim_const(1)), s0)),
            "(ShapeOf(m, 0) + 1) * ShapeOf(m, 0)");
}

}  // namespace
}  // namespace tf
