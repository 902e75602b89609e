// Tuple and TupleGetItem: typing, the consumption of a multi-output value, range checks.
#include "ir/core/tuple.h"

#include <gtest/gtest.h>

#include "ir/core/call.h"
#include "ir/core/expr_print.h"
#include "ir/core/structural.h"
#include "ir/core/test/ir_test_util.h"
#include "ir/type/callable_type.h"
#include "ir/type/tuple_type.h"
#include "ir/type/type_print.h"
#include "ir/type/unit_type.h"

namespace tf {
namespace {

using test::Ids;
using test::rule_ids;
using test::tensor;

// A multi-output op (a Split-like op of one operand) and an effect op, in a private registry.
struct TupleOps {
  OpRegistry registry;
  Op split = registry.add({.name = "test.Split2", .params = {ParamDef::operand("x")}}).value();
  Op copy = registry
                .add({.name = "test.Copy",
                      .form = OpForm::Effect,
                      .params = {ParamDef::operand("src"), ParamDef::operand("dst")}})
                .value();
};

TupleOps& ops() {
  static TupleOps* o = new TupleOps();
  return *o;
}

TEST(Tuple, IsTypedByItsElementsInOrder) {
  IRType f4 = tensor({4}, DType::f32()), i4 = tensor({4}, DType::i64());
  VarRef a = test::var("a", f4), b = test::var("b", i4);
  TupleRef t = Tuple::make({a, b}).value();
  EXPECT_EQ(t->kind(), ExprKind::Tuple);
  ASSERT_EQ(t->elements.size(), 2u);
  EXPECT_TRUE(t->elements[0].same_as(Expr(a)));
  EXPECT_TRUE(t->elements[1].same_as(Expr(b)));
  EXPECT_EQ(to_string(t->type()), "Tuple[Tensor[(4,), f32], Tensor[(4,), i64]]");
  EXPECT_TRUE(structural_equal(t->type(), TupleType::make({f4, i4}).value()));
  EXPECT_EQ(to_string(Tuple::make({}).value()->type()), "Tuple[]");
  // Nesting is allowed: a tuple element may itself be a tuple.
  TupleRef nested = Tuple::make({t, a}).value();
  EXPECT_EQ(to_string(nested->type()),
            "Tuple[Tuple[Tensor[(4,), f32], Tensor[(4,), i64]], Tensor[(4,), f32]]");
}

// covers: TYPES.6.UNIT.no-readable-value
TEST(Tuple, UnitAndNullElementsAreRefusedAndAllReported) {
  IRType f4 = tensor({4}, DType::f32());
  VarRef a = test::var("a", f4);
  CallRef copy = Call::make(ops().copy, {a, a}, UnitType::make()).value();
  Result<TupleRef> r = Tuple::make({a, copy, Expr()});
  ASSERT_FALSE(r.ok());
  ASSERT_EQ(r.diagnostics().size(), 2u);
  EXPECT_EQ(r.diagnostics()[0].rule_id, "TYPES.6.UNIT.no-readable-value");
  EXPECT_EQ(r.diagnostics()[0].message,
            "tuple element 1 is test.Copy(a, a), which has type Unit: an effect produces no value "
            "to read");
  EXPECT_EQ(r.diagnostics()[1].category, DiagCategory::Type);
  EXPECT_EQ(r.diagnostics()[1].message, "tuple element 2 is null");
  EXPECT_EQ(rule_ids(TupleGetItem::make(copy, 0)), Ids{"TYPES.6.UNIT.no-readable-value"});
}

// covers: TYPES.5.TUPLE.consumed-via-get-item
TEST(TupleGetItem, ConsumesOneFieldOfAMultiOutputCall) {
  IRType half = tensor({4, 4}, DType::f32());
  IRType other = tensor({4, 4}, DType::f16());
  VarRef x = test::var("x", tensor({8, 4}, DType::f32()));
  CallRef split = Call::make(ops().split, {x}, TupleType::make({half, other}).value()).value();
  Result<TupleGetItemRef> second = TupleGetItem::make(split, 1);
  ASSERT_TRUE(second.ok());
  EXPECT_EQ((*second)->kind(), ExprKind::TupleGetItem);
  EXPECT_TRUE((*second)->tuple.same_as(Expr(split)));
  EXPECT_EQ((*second)->index, 1);
  EXPECT_TRUE(structural_equal((*second)->type(), other));
  EXPECT_TRUE(structural_equal(TupleGetItem::make(split, 0).value()->type(), half));
  // The projection is a readable tensor value: an op may take it as an operand.
  EXPECT_TRUE(Call::make(ops().split, {*second}, TupleType::make({half}).value()).ok());
  // Projection of a projection reaches into a nested tuple.
  TupleRef nested = Tuple::make({split, x}).value();
  TupleGetItemRef inner = TupleGetItem::make(nested, 0).value();
  EXPECT_TRUE(structural_equal(TupleGetItem::make(inner, 1).value()->type(), other));
}

TEST(TupleGetItem, AnIndexOutsideTheFieldsIsADiagnostic) {
  IRType f4 = tensor({4}, DType::f32());
  VarRef r = test::var("r", TupleType::make({f4, f4}).value());
  for (std::int64_t bad : {2, 3, -1}) {
    Result<TupleGetItemRef> g = TupleGetItem::make(r, bad);
    ASSERT_FALSE(g.ok()) << bad;
    EXPECT_EQ(g.diagnostics()[0].category, DiagCategory::Type);
  }
  EXPECT_EQ(TupleGetItem::make(r, 2).diagnostics()[0].message,
            "tuple_get_item index 2 is out of range for r of type Tuple[Tensor[(4,), f32], "
            "Tensor[(4,), f32]] (2 fields; valid indices are 0 .. 1)");
  VarRef empty = test::var("e", TupleType::make({}).value());
  EXPECT_EQ(TupleGetItem::make(empty, 0).diagnostics()[0].message,
            "tuple_get_item index 0 of e, which has no fields");
}

TEST(TupleGetItem, TheOperandMustBeATuple) {
  VarRef x = test::var("x", tensor({4}, DType::f32()));
  Result<TupleGetItemRef> g = TupleGetItem::make(x, 0);
  ASSERT_FALSE(g.ok());
  EXPECT_EQ(g.diagnostics()[0].message,
            "tuple_get_item needs a tuple-typed operand, but x has type Tensor[(4,), f32]");
  EXPECT_FALSE(TupleGetItem::make(Expr(), 0).ok());
}

}  // namespace
}  // namespace tf
