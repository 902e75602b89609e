// TupleType, UnitType and CallableType (seed 000 sections 5-7).
#include <gtest/gtest.h>

#include <type_traits>

#include "ir/core/structural.h"
#include "ir/core/test/ir_test_util.h"
#include "ir/type/callable_type.h"
#include "ir/type/tuple_type.h"
#include "ir/type/type_print.h"
#include "ir/type/unit_type.h"

namespace tf {
namespace {

using test::tensor;

// covers: TYPES.5.TUPLE.fields
TEST(TupleType, HoldsItsFieldTypesInOrder) {
  IRType t1 = tensor({4}, DType::f32());
  IRType t2 = tensor({4}, DType::i64());
  TupleTypeRef tuple = TupleType::make({t1, t2}).value();
  ASSERT_EQ(tuple->fields.size(), 2u);
  EXPECT_TRUE(tuple->fields[0].same_as(t1));
  EXPECT_TRUE(tuple->fields[1].same_as(t2));
  IRType as_base = tuple;
  EXPECT_TRUE(as_base->is<TupleType>());
  // Nesting and the empty tuple are types too; a null field is not.
  EXPECT_TRUE(TupleType::make({tuple, t1}).ok());
  EXPECT_TRUE(TupleType::make({}).value()->fields.empty());
  EXPECT_FALSE(TupleType::make({t1, IRType()}).ok());
  EXPECT_FALSE(structural_equal(tuple, TupleType::make({t2, t1}).value()));
}

// covers: TYPES.6.UNIT.no-payload
TEST(UnitType, HasNoPayloadAndAllUnitsAreEqual) {
  static_assert(std::tuple_size_v<decltype(UnitType::make()->structural_fields())> == 0);
  static_assert(sizeof(UnitType) == sizeof(IRTypeNode));  // no data member of its own
  IRType a = UnitType::make();
  IRType b = UnitType::make();
  EXPECT_TRUE(structural_equal(a, b));
  EXPECT_EQ(structural_hash(a), structural_hash(b));
  EXPECT_EQ(to_string(a), "Unit");
}

// covers: TYPES.7.CALLABLE.fields
TEST(CallableType, ReturnsBothFieldsUnchanged) {
  IRType u = UnitType::make();
  IRType t1 = tensor({4}, DType::f32());
  IRType t2 = tensor({8}, DType::bf16(), StorageKind::Smem);
  CallableTypeRef c = CallableType::make(u, {t1, t2}).value();
  EXPECT_TRUE(c->return_type.same_as(u));
  ASSERT_EQ(c->parameters.size(), 2u);
  EXPECT_TRUE(c->parameters[0].same_as(t1));
  EXPECT_TRUE(c->parameters[1].same_as(t2));
  EXPECT_FALSE(CallableType::make(IRType(), {t1}).ok());
  EXPECT_FALSE(CallableType::make(u, {IRType()}).ok());
}

// covers: TYPES.7.CALLABLE.names-not-in-type
TEST(CallableType, ParameterNamesAreNotPartOfTheType) {
  IRType t = tensor({4}, DType::f32());
  // Two parameter lists with the same types and different names.
  std::vector<VarRef> xy = {test::var("x", t), test::var("y", t)};
  std::vector<VarRef> ab = {test::var("a", t), test::var("b", t)};
  auto type_of = [&](const std::vector<VarRef>& params) {
    std::vector<IRType> types;
    for (const VarRef& p : params) types.push_back(p->type());
    return IRType(CallableType::make(t, types).value());
  };
  EXPECT_TRUE(structural_equal(type_of(xy), type_of(ab)));
  EXPECT_EQ(structural_hash(type_of(xy)), structural_hash(type_of(ab)));
  // The field list of a CallableType is exactly (return_type, parameters): no names.
  static_assert(
      std::tuple_size_v<decltype(CallableType::make(t, {}).value()->structural_fields())> == 2);
}

// covers: TYPES.7.CALLABLE.parameters-ordered
TEST(CallableType, ParametersAreInParameterOrder) {
  IRType f = tensor({4}, DType::f32());
  IRType i = tensor({4}, DType::i64());
  IRType fi = CallableType::make(f, {f, i}).value();
  IRType i_f = CallableType::make(f, {i, f}).value();
  EXPECT_FALSE(structural_equal(fi, i_f));
  EXPECT_EQ(to_string(fi), "Callable[(Tensor[(4,), f32], Tensor[(4,), i64]) -> Tensor[(4,), f32]]");
}

}  // namespace
}  // namespace tf
