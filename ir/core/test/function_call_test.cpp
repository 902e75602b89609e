// FunctionCall: typing by the callee's signature, the layout-None wildcard, and rejects.
#include "ir/core/function_call.h"

#include <gtest/gtest.h>

#include "ir/core/expr_print.h"
#include "ir/core/structural.h"
#include "ir/core/test/ir_test_util.h"
#include "ir/core/type_infer.h"
#include "ir/type/type_print.h"
#include "ir/type/unit_type.h"

namespace tf {
namespace {

using namespace test;

CallableTypeRef signature(std::vector<IRType> params, IRType ret) {
  return CallableType::make(std::move(ret), std::move(params)).value();
}

TEST(FunctionCall, TypedByTheDeclaredReturnType) {
  const IRType t4 = tensor({4}, DType::f32());
  const IRType i1 = tensor({1}, DType::i64());
  VarRef x = var("x", t4);
  FunctionCallRef c = FunctionCall::make("f", signature({t4}, i1), {x}).value();
  EXPECT_TRUE(c->type().same_as(i1));
  EXPECT_EQ(to_string(Expr(c)), "@f(x)");
  EXPECT_TRUE(structural_equal(infer_type(c, test::core_handlers()).value(), i1));
  FunctionCallRef again = FunctionCall::make("f", signature({t4}, i1), {x}).value();
  EXPECT_TRUE(structural_equal(Expr(c), Expr(again)));
  EXPECT_FALSE(structural_equal(Expr(c), Expr(FunctionCall::make("g", signature({t4}, i1), {x}).value())));
}

TEST(FunctionCall, LayoutNoneParameterIsAWildcardOverLayoutAndStorage) {
  const IRType plain = tensor({4}, DType::f32());
  const IRType laid_out = tensor({4}, DType::f32(), StorageKind::Smem, LayoutBase(layout({4}, {1})));
  EXPECT_TRUE(binds_parameter(plain, laid_out));
  EXPECT_FALSE(binds_parameter(laid_out, plain));  // a laid-out parameter needs equality
  EXPECT_FALSE(binds_parameter(plain, tensor({4}, DType::f16())));
  EXPECT_FALSE(binds_parameter(plain, tensor({5}, DType::f32())));
}

TEST(FunctionCall, RejectsArityTypeAndUnitArguments) {
  const IRType t4 = tensor({4}, DType::f32());
  VarRef x = var("x", t4);
  VarRef y = var("y", tensor({4}, DType::i32()));
  Result<FunctionCallRef> arity = FunctionCall::make("f", signature({t4, t4}, t4), {x});
  ASSERT_FALSE(arity.ok());
  EXPECT_EQ(arity.diagnostics()[0].message, "call of @f: 1 arguments for 2 parameters");
  Result<FunctionCallRef> typed = FunctionCall::make("f", signature({t4}, t4), {y});
  ASSERT_FALSE(typed.ok());
  EXPECT_EQ(typed.diagnostics()[0].message,
            "call of @f: argument 0 (y) has type Tensor[(4,), i32], but parameter 0 has type "
            "Tensor[(4,), f32]");
  VarRef u = var("u", UnitType::make());
  Result<FunctionCallRef> unit = FunctionCall::make("f", signature({t4}, t4), {u});
  ASSERT_FALSE(unit.ok());
  // covers: TYPES.6.UNIT.no-readable-value
  EXPECT_EQ(rule_ids(unit.diagnostics()), Ids{"TYPES.6.UNIT.no-readable-value"});
}

}  // namespace
}  // namespace tf
