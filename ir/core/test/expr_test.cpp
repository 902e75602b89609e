// Constant, Var and Call: their checking factories and the structural rules of every Call.
#include "ir/core/expr.h"

#include <gtest/gtest.h>

#include <limits>
#include <type_traits>

#include "ir/core/call.h"
#include "ir/core/constant.h"
#include "ir/core/expr_print.h"
#include "ir/core/test/ir_test_util.h"
#include "ir/core/var.h"
#include "ir/dim/dim_ops.h"
#include "ir/type/callable_type.h"
#include "ir/type/tuple_type.h"
#include "ir/type/unit_type.h"

namespace tf {
namespace {

using test::Ids;
using test::rule_ids;
using test::tensor;

// A private registry with a value op, an effect op and a tuple-consuming op.
struct TestOps {
  OpRegistry registry;
  Op value = registry.add({.name = "test.Elementwise", .params = {ParamDef::operand("x")}}).value();
  Op effect = registry
                  .add({.name = "test.Copy",
                        .form = OpForm::Effect,
                        .params = {ParamDef::operand("src"), ParamDef::operand("dst")}})
                  .value();
  Op split = registry.add({.name = "test.Split", .params = {ParamDef::operand("x")}}).value();
  Op get_item = registry
                    .add({.name = "test.Concat",
                          .tuple_operands = true,
                          .params = {ParamDef::variadic_operand("parts")}})
                    .value();
};

TestOps& ops() {
  static TestOps* o = new TestOps();
  return *o;
}

TEST(Constant, PayloadMustMatchTheDtypeFamily) {
  IRType i64 = TensorType::meta_scalar(DType::i64());
  IRType f32 = tensor({}, DType::f32(), StorageKind::Rmem);
  IRType b = tensor({}, DType::boolean(), std::nullopt);
  EXPECT_EQ(test::constant(std::int64_t{7}, i64)->int_value(), 7);
  EXPECT_EQ(test::constant(1.5, f32)->float_value(), 1.5);
  EXPECT_TRUE(test::constant(true, b)->bool_value());
  EXPECT_FALSE(Constant::make(1.5, i64).ok());
  EXPECT_FALSE(Constant::make(std::int64_t{1}, f32).ok());
  EXPECT_FALSE(Constant::make(true, i64).ok());
  EXPECT_FALSE(Constant::make(std::int64_t{1}, b).ok());
  EXPECT_EQ(Constant::make(1.5, i64).diagnostics()[0].message,
            "a Constant of dtype i64 cannot hold the float 1.5 payload");
}

TEST(Constant, IsRankZeroAndFitsItsIntegerWidth) {
  EXPECT_EQ(Constant::make(std::int64_t{1}, tensor({4}, DType::i64())).diagnostics()[0].message,
            "a Constant is rank 0, but its type is Tensor[(4,), i64]");
  EXPECT_FALSE(Constant::make(std::int64_t{1}, UnitType::make()).ok());
  EXPECT_FALSE(Constant::make(std::int64_t{1}, IRType()).ok());
  IRType i8 = TensorType::meta_scalar(DType::i8());
  IRType i32 = TensorType::meta_scalar(DType::i32());
  EXPECT_TRUE(Constant::make(std::int64_t{127}, i8).ok());
  EXPECT_TRUE(Constant::make(std::int64_t{-128}, i8).ok());
  EXPECT_FALSE(Constant::make(std::int64_t{128}, i8).ok());
  EXPECT_FALSE(Constant::make(std::int64_t{-129}, i8).ok());
  EXPECT_TRUE(Constant::make(std::int64_t{std::numeric_limits<std::int32_t>::min()}, i32).ok());
  EXPECT_FALSE(Constant::make(std::int64_t{1} << 31, i32).ok());
  EXPECT_THROW(test::constant(std::int64_t{1}, i8)->float_value(), InternalError);
}

TEST(Var, NeedsANameAndAType) {
  VarRef x = test::var("x", tensor({4}, DType::f32()));
  EXPECT_EQ(x->name, "x");
  EXPECT_EQ(x->kind(), ExprKind::Var);
  EXPECT_FALSE(Var::make("", tensor({4}, DType::f32())).ok());
  EXPECT_FALSE(Var::make("x", IRType()).ok());
}

// covers: TYPES.1.IRTYPE.expr-type-is-derivation
TEST(Expr, EveryExprTypeIsExactlyOneOfTheFourDerivations) {
  IRType t4 = tensor({4}, DType::f32());
  IRType tuple = TupleType::make({t4, t4}).value();
  VarRef x = test::var("x", t4);
  std::vector<Expr> exprs = {
      x,
      test::constant(std::int64_t{2}, TensorType::meta_scalar(DType::i64())),
      test::dim("N", 1, 8),
      Call::make(ops().value, {x}, t4).value(),                    // value-op Call
      Call::make(ops().effect, {x, x}, UnitType::make()).value(),  // effect-op Call
      Call::make(ops().split, {x}, tuple).value(),                 // multi-output Call
      test::var("f", CallableType::make(t4, {t4}).value()),        // a callable value
  };
  const std::vector<TypeKind> expected = {
      TypeKind::TensorType, TypeKind::TensorType, TypeKind::TensorType,  TypeKind::TensorType,
      TypeKind::UnitType,   TypeKind::TupleType,  TypeKind::CallableType};
  for (std::size_t i = 0; i < exprs.size(); ++i) {
    ASSERT_TRUE(exprs[i]->type()) << i;
    EXPECT_EQ(exprs[i]->type()->kind(), expected[i]) << to_string(exprs[i]);
    int derivations = exprs[i]->type()->is<TensorType>() + exprs[i]->type()->is<TupleType>() +
                      exprs[i]->type()->is<UnitType>() + exprs[i]->type()->is<CallableType>();
    EXPECT_EQ(derivations, 1);
  }
  // No Expr can be made without a type.
  EXPECT_FALSE(Call::make(ops().value, {x}, IRType()).ok());
  EXPECT_FALSE(Var::make("y", IRType()).ok());
}

// covers: TYPES.6.UNIT.effect-op-result
TEST(Call, AnEffectFormOpHasUnitTypeAndOnlyIt) {
  IRType t4 = tensor({4}, DType::f32());
  VarRef a = test::var("a", t4), b = test::var("b", t4);
  Result<CallRef> copy = Call::make(ops().effect, {a, b}, UnitType::make());
  ASSERT_TRUE(copy.ok());
  EXPECT_TRUE((*copy)->type()->is<UnitType>());
  EXPECT_EQ(rule_ids(Call::make(ops().effect, {a, b}, t4)), Ids{"TYPES.6.UNIT.effect-op-result"});
  EXPECT_EQ(rule_ids(Call::make(ops().value, {a}, UnitType::make())),
            Ids{"TYPES.6.UNIT.effect-op-result"});
}

// covers: TYPES.6.UNIT.no-readable-value
TEST(Call, AUnitTypedCallIsNotAnOperand) {
  IRType t4 = tensor({4}, DType::f32());
  VarRef a = test::var("a", t4), b = test::var("b", t4);
  CallRef copy = Call::make(ops().effect, {a, b}, UnitType::make()).value();
  Result<CallRef> use = Call::make(ops().value, {copy}, t4);
  EXPECT_EQ(rule_ids(use), Ids{"TYPES.6.UNIT.no-readable-value"});
  EXPECT_EQ(use.diagnostics()[0].message,
            "argument 0 of test.Elementwise is test.Copy(a, b), which has type Unit: an effect "
            "produces no value to read");
}

// covers: TYPES.5.TUPLE.not-op-input
TEST(Call, ATupleTypedOperandIsRefusedUnlessTheOpConsumesTuples) {
  IRType t4 = tensor({4}, DType::f32());
  IRType pair = TupleType::make({t4, t4}).value();
  VarRef x = test::var("x", tensor({8}, DType::f32()));
  CallRef split = Call::make(ops().split, {x}, pair).value();
  EXPECT_EQ(rule_ids(Call::make(ops().value, {split}, t4)), Ids{"TYPES.5.TUPLE.not-op-input"});
  // An op registered with tuple_operands (the tuple_get_item / tuple-formal exceptions) may.
  EXPECT_TRUE(Call::make(ops().get_item, {split}, t4).ok());
}

TEST(Call, NullPartsAreTypeErrorsAndAllDiagnosticsAreCollected) {
  IRType t4 = tensor({4}, DType::f32());
  EXPECT_FALSE(Call::make(Op(), {}, t4).ok());
  Result<CallRef> r = Call::make(ops().effect, {Expr(), Expr()}, UnitType::make());
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.diagnostics().size(), 2u);
  EXPECT_EQ(r.diagnostics()[0].category, DiagCategory::Type);
}

TEST(Call, TheArgumentCountIsTheDeclaredOperandCount) {
  IRType t4 = tensor({4}, DType::f32());
  VarRef x = test::var("x", t4);
  Result<CallRef> r = Call::make(ops().value, {x, x}, t4);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.diagnostics().size(), 1u);
  EXPECT_EQ(r.diagnostics()[0].category, DiagCategory::Type);
  EXPECT_EQ(r.diagnostics()[0].message, "test.Elementwise takes 1 operand, got 2");
  EXPECT_EQ(Call::make(ops().effect, {x}, UnitType::make()).diagnostics()[0].message,
            "test.Copy takes 2 operands, got 1");
  // A sole variadic operand binds any number of arguments, none included.
  for (std::size_t n : {0u, 1u, 3u})
    EXPECT_TRUE(Call::make(ops().get_item, std::vector<Expr>(n, x), t4).ok()) << n;
}

TEST(ExprNode, KindTagsAndNames) {
  EXPECT_EQ(expr_kind_name(ExprKind::Constant), "Constant");
  EXPECT_EQ(expr_kind_name(ExprKind::Var), "Var");
  EXPECT_EQ(expr_kind_name(ExprKind::Call), "Call");
  EXPECT_EQ(expr_kind_name(ExprKind::DimVar), "DimVar");
  Expr n = test::dim("N", 1, 8);
  EXPECT_TRUE(n->is<DimVar>());
  EXPECT_EQ(n->as<Var>(), nullptr);
  EXPECT_EQ(n->as<DimVar>()->name, "N");
  // Nodes are built only through make: no public constructor, no copy.
  static_assert(!std::is_constructible_v<Var, std::string, IRType>);
  static_assert(!std::is_copy_constructible_v<Var>);
  static_assert(!std::is_constructible_v<ExprNode, ExprKind, IRType>);
}

}  // namespace
}  // namespace tf
