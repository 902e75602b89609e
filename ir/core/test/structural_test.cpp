// Structural equality and hashing generated from the node field lists.
#include "ir/core/structural.h"

#include <gtest/gtest.h>

#include <cmath>
#include <unordered_set>

#include "ir/core/expr_print.h"
#include "ir/core/test/ir_test_util.h"
#include "ir/dim/dim_const.h"
#include "ir/dim/dim_ops.h"
#include "ir/dim/simplify_dim.h"
#include "ir/type/callable_type.h"
#include "ir/type/tuple_type.h"
#include "ir/type/unit_type.h"

namespace tf {
namespace {

using test::tensor;

Expr add(Expr a, Expr b) {
  return simplify_dim(DimOpKind::Add, {a, b}).value();
}

TEST(Structural, EqualTreesBuiltSeparatelyAreEqualAndHashEqual) {
  DimVarRef n = test::dim("N", 1, 64);
  Expr a = add(n, dim_const(1));
  Expr b = add(n, dim_const(1));
  EXPECT_FALSE(a.same_as(b));
  EXPECT_TRUE(structural_equal(a, b));
  EXPECT_EQ(structural_hash(a), structural_hash(b));
  EXPECT_FALSE(structural_equal(a, add(n, dim_const(2))));
  EXPECT_FALSE(structural_equal(a, add(dim_const(1), n)));
  EXPECT_FALSE(structural_equal(a, simplify_dim(DimOpKind::Sub, {n, dim_const(1)}).value()));
  EXPECT_FALSE(structural_equal(a, Expr()));
  EXPECT_TRUE(structural_equal(Expr(), Expr()));
}

TEST(Structural, ABindingIsNoPartOfEqualityHashingOrPrinting) {
  DimVarRef n = test::dim("N", 1, 64);
  Expr a = add(n, dim_const(1));
  Expr b = add(n, dim_const(1));
  ASSERT_TRUE(attach_binding(*a, make_binding_info("t", SourceLocation{"f.tfir", 2, 5})));
  EXPECT_TRUE(structural_equal(a, b));
  EXPECT_EQ(structural_hash(a), structural_hash(b));
  EXPECT_EQ(to_string(a), to_string(b));
}

TEST(Structural, TypesCompareAllFields) {
  IRType a = tensor({4, 8}, DType::f32(), StorageKind::Smem);
  EXPECT_TRUE(structural_equal(a, tensor({4, 8}, DType::f32(), StorageKind::Smem)));
  EXPECT_EQ(structural_hash(a), structural_hash(tensor({4, 8}, DType::f32(), StorageKind::Smem)));
  EXPECT_FALSE(structural_equal(a, tensor({4, 8}, DType::f32(), StorageKind::Gmem)));
  EXPECT_FALSE(structural_equal(a, tensor({4, 8}, DType::f16(), StorageKind::Smem)));
  EXPECT_FALSE(structural_equal(a, tensor({8, 4}, DType::f32(), StorageKind::Smem)));
  EXPECT_FALSE(structural_equal(a, tensor({4, 8}, DType::f32(), StorageKind::Smem,
                                          test::layout(tuple_of(4, 8), tuple_of(8, 1)))));
  EXPECT_FALSE(structural_equal(a, TupleType::make({a}).value()));
  IRType c1 = CallableType::make(UnitType::make(), {a, a}).value();
  IRType c2 = CallableType::make(UnitType::make(), {a, a}).value();
  EXPECT_TRUE(structural_equal(c1, c2));
  EXPECT_EQ(structural_hash(c1), structural_hash(c2));
}

TEST(Structural, ConstantsCompareDoublePayloadsByBits) {
  IRType f32 = tensor({}, DType::f32(), StorageKind::Rmem);
  auto c = [&](double v) { return Expr(test::constant(v, f32)); };
  EXPECT_TRUE(structural_equal(c(std::nan("")), c(std::nan(""))));
  EXPECT_FALSE(structural_equal(c(0.0), c(-0.0)));
  EXPECT_TRUE(structural_equal(c(1.5), c(1.5)));
  // Same payload, different type: unequal.
  IRType f32_umat = tensor({}, DType::f32(), StorageKind::Umat);
  EXPECT_FALSE(structural_equal(c(1.5), Expr(test::constant(1.5, f32_umat))));
  // An int 1 and a bool true are different payloads even where Python's True == 1.
  EXPECT_FALSE(structural_equal(
      Expr(dim_const(1)), Expr(test::constant(true, TensorType::meta_scalar(DType::boolean())))));
}

TEST(Structural, DimVarsAreEqualOnlyToThemselves) {
  Expr a = test::dim("N", 1, 64);
  EXPECT_TRUE(structural_equal(a, test::dim("N", 1, 64)));
  EXPECT_FALSE(structural_equal(a, test::dim("N", 1, 65)));
  EXPECT_FALSE(structural_equal(a, test::dim("M", 1, 64)));
  // A Var of the same name is a different kind.
  EXPECT_FALSE(structural_equal(a, test::var("N", TensorType::meta_scalar(DType::i64()))));
}

TEST(Structural, FunctorsKeyUnorderedContainers) {
  std::unordered_set<IRType, StructuralHash, StructuralEqual> types;
  types.insert(tensor({4}, DType::f32()));
  types.insert(tensor({4}, DType::f32()));
  types.insert(TensorType::meta_scalar(DType::i64()));
  types.insert(UnitType::make());
  EXPECT_EQ(types.size(), 3u);
}

}  // namespace
}  // namespace tf
