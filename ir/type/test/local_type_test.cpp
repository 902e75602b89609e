// local_type_of: recursive local projection (seed 000 section 2.1).
#include "ir/type/local_type.h"

#include <gtest/gtest.h>

#include "ir/core/structural.h"
#include "ir/core/test/ir_test_util.h"
#include "ir/type/callable_type.h"
#include "ir/type/test/shard_fixtures.h"
#include "ir/type/tuple_type.h"
#include "ir/type/type_print.h"
#include "ir/type/unit_type.h"

namespace tf {
namespace {

using test::Ids;
using test::rule_ids;
using test::tensor;

// (128, 64) f32 in gmem, rows split over 4 CTAs: each holds (32, 64).
IRType sharded_rows() {
  ShardLayout sl = test::shard(test::layout(tuple_of(128, 64), tuple_of(64, 1)), {S(0)},
                               test::flat_mesh("cta", 4));
  return tensor({128, 64}, DType::f32(), StorageKind::Gmem, LayoutBase(sl));
}

// (16, 32) bf16 in smem, columns split over 8 threads: each holds (16, 4).
IRType sharded_cols() {
  ShardLayout sl = test::shard(test::layout(tuple_of(16, 32), tuple_of(32, 1)), {S(1)},
                               test::flat_mesh("thread", 8));
  return tensor({16, 32}, DType::bf16(), StorageKind::Smem, LayoutBase(sl));
}

IRType tuple(std::vector<IRType> fields) {
  return TupleType::make(std::move(fields)).value();
}

// covers: TYPES.2.1.LOCAL.projects-every-leaf
TEST(LocalType, ProjectsEveryTensorLeaf) {
  IRType t = tuple({sharded_rows(), tuple({sharded_cols()})});
  IRType local = local_type_of(t).value();
  const TupleType& outer = *local->as<TupleType>();
  EXPECT_TRUE(structural_equal(outer.fields[0], tensor({32, 64}, DType::f32(), StorageKind::Gmem)));
  const TupleType& inner = *outer.fields[1]->as<TupleType>();
  EXPECT_TRUE(structural_equal(inner.fields[0], tensor({16, 4}, DType::bf16(), StorageKind::Smem)));
  EXPECT_EQ(to_string(local),
            "Tuple[Tensor[(32, 64), f32], Tuple[Tensor[(16, 4), bf16, storage=smem]]]");
}

// covers: TYPES.2.1.LOCAL.rebuilds-tuple
TEST(LocalType, RebuildsTheTupleStructure) {
  IRType plain = tensor({4}, DType::f32());
  IRType t = tuple({tuple({sharded_rows(), plain}), tuple({}), sharded_cols()});
  IRType local = local_type_of(t).value();
  const TupleType* outer = local->as<TupleType>();
  ASSERT_NE(outer, nullptr);
  ASSERT_EQ(outer->fields.size(), 3u);
  ASSERT_TRUE(outer->fields[0]->is<TupleType>());
  EXPECT_EQ(outer->fields[0]->as<TupleType>()->fields.size(), 2u);
  ASSERT_TRUE(outer->fields[1]->is<TupleType>());
  EXPECT_TRUE(outer->fields[1]->as<TupleType>()->fields.empty());
  EXPECT_TRUE(outer->fields[2]->is<TensorType>());
  // A leaf without a ShardLayout is not distributed and comes back unchanged.
  EXPECT_TRUE(outer->fields[0]->as<TupleType>()->fields[1].same_as(plain));
}

// covers: TYPES.2.1.LOCAL.nested-shard-once
TEST(LocalType, ANestedShardLayoutIsAppliedOncePerLayer) {
  // Layer 1: rows of (128, 64) over 4 CTAs -> (32, 64). Layer 2: its columns over 8 threads
  // -> (32, 8). Skipping a layer would leave 64 or 128; applying one twice would give 8 or 1.
  ShardLayout inner = test::shard(test::layout(tuple_of(128, 64), tuple_of(64, 1)), {S(0)},
                                  test::flat_mesh("cta", 4));
  Result<ShardLayout> outer = ShardLayout::make(inner, {S(1)}, test::flat_mesh("thread", 8));
  ASSERT_TRUE(outer.ok()) << outer.diagnostics()[0].render();
  IRType t = tensor({128, 64}, DType::f32(), StorageKind::Rmem, LayoutBase(*outer));
  IRType local = local_type_of(t).value();
  EXPECT_TRUE(structural_equal(local, tensor({32, 8}, DType::f32(), StorageKind::Rmem)))
      << to_string(local);
}

// covers: TYPES.2.1.LOCAL.result-ordinary-type, TYPES.2.1.LOCAL.no-schedule-type
TEST(LocalType, TheResultIsAnOrdinaryType) {
  IRType local = local_type_of(tuple({sharded_rows(), sharded_cols()})).value();
  // Every leaf is exactly a TensorType (the closed kind list has no schedule-specific kind)
  // with no layout of its own, and the result is accepted where any IRType is.
  for (const IRType& leaf : local->as<TupleType>()->fields) {
    EXPECT_EQ(leaf->kind(), TypeKind::TensorType);
    EXPECT_FALSE(leaf->as<TensorType>()->layout.has_value());
  }
  EXPECT_TRUE(CallableType::make(local, {local}).ok());
  EXPECT_TRUE(TupleType::make({local}).ok());
  // Unit and Callable types have no tensor leaf to project.
  IRType unit = UnitType::make();
  EXPECT_TRUE(local_type_of(unit).value().same_as(unit));
}

// covers: TYPES.2.1.LOCAL.unresolved-layout-raises
TEST(LocalType, AnUnresolvedLayoutRaises) {
  ShardLayout dynamic = test::shard(test::layout(tuple_of(128, 64), tuple_of(64, 1)), {Dynamic()},
                                    test::flat_mesh("cta", 4));
  IRType t = tuple({tensor({128, 64}, DType::f32(), StorageKind::Gmem, LayoutBase(dynamic))});
  EXPECT_EQ(rule_ids(local_type_of(t)), Ids{"TYPES.2.1.LOCAL.unresolved-layout-raises"});
}

// covers: TYPES.2.1.LOCAL.nonconcrete-extent-raises
TEST(LocalType, ASymbolicLocalExtentRaises) {
  // Rows N over 4 CTAs: the local extent N / 4 is symbolic (DimVar-derived).
  IntSymbol n{"N", 4, 1024};
  Result<ShardLayout> sl = ShardLayout::make(test::layout(tuple_of(n, 64), tuple_of(64, 1)), {S(1)},
                                             test::flat_mesh("cta", 4));
  ASSERT_TRUE(sl.ok()) << sl.diagnostics()[0].render();
  IRType t =
      tensor({test::dim("N", 4, 1024), 64}, DType::f32(), StorageKind::Gmem, LayoutBase(*sl));
  Result<IRType> r = local_type_of(t);
  EXPECT_EQ(rule_ids(r), Ids{"TYPES.2.1.LOCAL.nonconcrete-extent-raises"});
}

}  // namespace
}  // namespace tf
