// IRType: the abstract base of the closed type family (seed 000 section 1).
#include "ir/type/ir_type.h"

#include <gtest/gtest.h>

#include <type_traits>

#include "ir/type/callable_type.h"
#include "ir/type/tensor_type.h"
#include "ir/type/tuple_type.h"
#include "ir/type/unit_type.h"

namespace tf {
namespace {

// covers: TYPES.1.IRTYPE.abstract-base
TEST(IRType, IsTheAbstractBaseOfTheFourDerivations) {
  // The base cannot be instantiated; the four concrete types derive from it.
  static_assert(!std::is_constructible_v<IRTypeNode, TypeKind>);
  static_assert(!std::is_default_constructible_v<IRTypeNode>);
  static_assert(std::is_base_of_v<IRTypeNode, TensorType>);
  static_assert(std::is_base_of_v<IRTypeNode, TupleType>);
  static_assert(std::is_base_of_v<IRTypeNode, UnitType>);
  static_assert(std::is_base_of_v<IRTypeNode, CallableType>);
  // Each concrete node is final and is made only through its factory.
  static_assert(std::is_final_v<TensorType> && std::is_final_v<TupleType> &&
                std::is_final_v<UnitType> && std::is_final_v<CallableType>);
  static_assert(!std::is_copy_constructible_v<TensorType>);
  // Every concrete type is held as an IRType and reports its own kind.
  IRType types[] = {TensorType::meta_scalar(DType::i64()), TupleType::make({}).value(),
                    UnitType::make(), CallableType::make(UnitType::make(), {}).value()};
  const TypeKind kinds[] = {TypeKind::TensorType, TypeKind::TupleType, TypeKind::UnitType,
                            TypeKind::CallableType};
  const char* names[] = {"TensorType", "TupleType", "UnitType", "CallableType"};
  for (int i = 0; i < 4; ++i) {
    EXPECT_EQ(types[i]->kind(), kinds[i]);
    EXPECT_EQ(type_kind_name(kinds[i]), names[i]);
  }
  EXPECT_NE(types[0]->as<TensorType>(), nullptr);
  EXPECT_EQ(types[0]->as<TupleType>(), nullptr);
}

}  // namespace
}  // namespace tf
