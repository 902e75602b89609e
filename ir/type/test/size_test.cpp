// numel and tensor_bytes (seed 000 section 2.2). This test links tf_ir only: no target code.
#include "ir/type/size.h"

#include <gtest/gtest.h>

#include <type_traits>

#include "ir/core/test/ir_test_util.h"
#include "ir/dim/dim_const.h"
#include "ir/dim/simplify_dim.h"
#include "ir/type/callable_type.h"
#include "ir/type/test/shard_fixtures.h"
#include "ir/type/tuple_type.h"
#include "ir/type/unit_type.h"

namespace tf {
namespace {

using test::Ids;
using test::rule_ids;
using test::tensor;

IRType tuple(std::vector<IRType> fields) {
  return TupleType::make(std::move(fields)).value();
}

// covers: TYPES.2.2.SIZE.sum-over-leaves
TEST(Size, SumsOverTheTensorLeaves) {
  IRType t = tuple({tensor({2, 3}, DType::f32()), tensor({4}, DType::f16())});
  EXPECT_EQ(numel(t).value(), 10);
  EXPECT_EQ(tensor_bytes(t).value(), 24 + 8);
  // Nested tuples are summed recursively.
  IRType nested = tuple({t, tuple({tensor({5}, DType::i64())})});
  EXPECT_EQ(numel(nested).value(), 15);
  EXPECT_EQ(tensor_bytes(nested).value(), 32 + 40);
}

// covers: TYPES.2.2.SIZE.no-leaf-zero
TEST(Size, ATypeWithoutTensorLeavesIsZero) {
  for (const IRType& t :
       {IRType(UnitType::make()), tuple({}), tuple({tuple({UnitType::make()})}),
        IRType(CallableType::make(UnitType::make(), {tensor({4}, DType::f32())}).value())}) {
    EXPECT_EQ(numel(t).value(), 0);
    EXPECT_EQ(tensor_bytes(t).value(), 0);
  }
}

// covers: TYPES.2.2.SIZE.reject-symbolic-extent
TEST(Size, ASymbolicExtentIsRefusedNotSkipped) {
  DimVarRef n = test::dim("N", 1, 64);
  IRType t = tensor({4, n}, DType::f32());
  Result<std::int64_t> count = numel(t);
  EXPECT_EQ(rule_ids(count), Ids{"TYPES.2.2.SIZE.reject-symbolic-extent"});
  EXPECT_EQ(count.diagnostics()[0].message,
            "extent N (axis 1) is symbolic: DimVar N [1, 64) is not bound, so the size is unknown");
  EXPECT_EQ(rule_ids(tensor_bytes(t)), Ids{"TYPES.2.2.SIZE.reject-symbolic-extent"});
  // Inside a tuple too, and for a derived dim.
  ShapeDim derived =
      ShapeDim::from_expr(simplify_dim(DimOpKind::Add, {n, dim_const(1)}).value()).value();
  EXPECT_EQ(rule_ids(numel(tuple({tensor({2}, DType::f32()), tensor({derived}, DType::f32())}))),
            Ids{"TYPES.2.2.SIZE.reject-symbolic-extent"});
  // With N bound the size is known.
  DimBinding b;
  ASSERT_FALSE(b.bind(n, 10).has_value());
  EXPECT_EQ(numel(t, b).value(), 40);
  EXPECT_EQ(tensor_bytes(t, b).value(), 160);
  EXPECT_EQ(numel(tensor({derived}, DType::f32()), b).value(), 11);
}

// covers: TYPES.2.2.SIZE.reject-negative-extent
TEST(Size, ANegativeExtentIsRefused) {
  // A negative static extent cannot even be constructed ...
  EXPECT_EQ(rule_ids(TensorType::make({-1}, DType::f32())),
            Ids{"TYPES.2.2.SIZE.reject-negative-extent"});
  // ... and a symbolic extent that evaluates negative is refused by both sizes.
  DimVarRef n = test::dim("N", 1, 64);
  ShapeDim n_minus_8 =
      ShapeDim::from_expr(simplify_dim(DimOpKind::Sub, {n, dim_const(8)}).value()).value();
  IRType t = tensor({4, n_minus_8}, DType::f32());
  DimBinding b;
  ASSERT_FALSE(b.bind(n, 3).has_value());
  Result<std::int64_t> count = numel(t, b);
  EXPECT_EQ(rule_ids(count), Ids{"TYPES.2.2.SIZE.reject-negative-extent"});
  EXPECT_EQ(count.diagnostics()[0].message,
            "extent N - 8 (axis 1) evaluates to -5, which is negative");
  EXPECT_EQ(rule_ids(tensor_bytes(t, b)), Ids{"TYPES.2.2.SIZE.reject-negative-extent"});
}

// covers: TYPES.2.2.SIZE.zero-extent-zero
TEST(Size, AZeroExtentIsZero) {
  IRType t = tensor({0, 5}, DType::f32());
  EXPECT_EQ(numel(t).value(), 0);
  EXPECT_EQ(tensor_bytes(t).value(), 0);
  // Every dtype, NVFP4 included (its whole-tensor scale has nothing to scale).
  EXPECT_EQ(tensor_bytes(tensor({0, 16}, DType::nvfp4())).value(), 0);
  EXPECT_EQ(tensor_bytes(tensor({0}, DType::f4e2m1())).value(), 0);
}

// covers: TYPES.2.2.SIZE.subbyte-round-up
TEST(Size, SubByteDtypesRoundUpToWholeBytes) {
  EXPECT_EQ(tensor_bytes(tensor({3}, DType::f4e2m1())).value(), 2);
  EXPECT_EQ(tensor_bytes(tensor({9}, DType::boolean())).value(), 2);
  EXPECT_EQ(tensor_bytes(tensor({8}, DType::boolean())).value(), 1);
  EXPECT_EQ(tensor_bytes(tensor({5}, DType::f6e3m2())).value(), 4);  // 30 bits
}

// covers: TYPES.2.2.SIZE.round-per-leaf
TEST(Size, RoundingIsPerLeaf) {
  IRType two_nibbles = tuple({tensor({1}, DType::f4e2m1()), tensor({1}, DType::f4e2m1())});
  EXPECT_EQ(tensor_bytes(two_nibbles).value(), 2);
  EXPECT_EQ(numel(two_nibbles).value(), 2);
}

TEST(Size, CompoundDtypesCostTheirPlanes) {
  // D2: MXFP4 (3, 32) is 48 bytes of codes plus 3 one-byte scales.
  IRType t = tensor({3, 32}, DType::mxfp4());
  EXPECT_EQ(numel(t).value(), 96);
  EXPECT_EQ(tensor_bytes(t).value(), 51);
  // A shape the block grouping cannot cover is the dtype layer's diagnostic.
  Result<std::int64_t> bad = tensor_bytes(tensor({4, 48}, DType::mxfp4()));
  EXPECT_EQ(rule_ids(bad), Ids{"DTREP.LEVELEXTENT.int-cardinality"});
}

TEST(Size, SizesBeyondInt64AreDiagnostics) {
  const std::int64_t big = std::int64_t{1} << 40;
  IRType t = tensor({big, big}, DType::f32());
  Result<std::int64_t> count = numel(t);
  ASSERT_FALSE(count.ok());
  EXPECT_EQ(count.diagnostics()[0].category, DiagCategory::Type);
  IRType bytes = tensor({std::int64_t{1} << 62}, DType::f32());
  EXPECT_EQ(numel(bytes).value(), std::int64_t{1} << 62);
  EXPECT_FALSE(tensor_bytes(bytes).ok());
}

// covers: TYPES.2.2.SIZE.logical-size
TEST(Size, TheSizeIsLogicalNotPerShard) {
  ShardLayout sl = test::shard(test::layout(tuple_of(128, 128), tuple_of(128, 1)), {S(0)},
                               test::flat_mesh("cta", 4));
  IRType t = tensor({128, 128}, DType::f16(), StorageKind::Gmem, LayoutBase(sl));
  EXPECT_EQ(numel(t).value(), 16384);
  EXPECT_EQ(tensor_bytes(t).value(), 32768);
}

// covers: TYPES.2.2.SIZE.backend-independent, TYPES.2.2.SIZE.not-in-target-package
TEST(Size, TakesNoTargetAndLivesInTheTypeSystem) {
  // The whole signature is (type, dim binding): there is no target parameter to vary, and
  // this test binary links tf_ir alone (no backend library exists in its link line).
  static_assert(
      std::is_same_v<decltype(&numel), Result<std::int64_t> (*)(const IRType&, const DimBinding&)>);
  static_assert(std::is_same_v<decltype(&tensor_bytes),
                               Result<std::int64_t> (*)(const IRType&, const DimBinding&)>);
  IRType t = tensor({7, 3}, DType::bf16(), StorageKind::Smem);
  EXPECT_EQ(numel(t).value(), 21);
  EXPECT_EQ(tensor_bytes(t).value(), 42);
  EXPECT_EQ(tensor_bytes(tensor({7, 3}, DType::bf16(), StorageKind::Host)).value(), 42);
}

}  // namespace
}  // namespace tf
