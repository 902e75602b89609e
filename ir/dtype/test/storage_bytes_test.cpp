// docs/decisions.md D2 / D3: the storage size of a block-scaled tensor, and its default grouping.
#include "ir/dtype/storage_bytes.h"

#include <gtest/gtest.h>

#include <vector>

#include "ir/dtype/block_scaled.h"
#include "ir/dtype/block_scaled_layout.h"
#include "ir/dtype/test/dtype_test_util.h"

namespace tf {
namespace {

using test::rule_ids;
using Ids = std::vector<std::string>;
using Shape = std::vector<std::int64_t>;

std::int64_t bytes(DType d, Shape shape) {
  return compound_storage_bytes(d.compound(), shape).value();
}

TEST(StorageBytes, PlanesRoundedUpSeparately) {
  // NVFP4 (4, 64): 256 x 4 bits = 128 B, 16 E4M3 scales = 16 B, one f32 = 4 B.
  EXPECT_EQ(bytes(DType::nvfp4(), {4, 64}), 148);
  // MXFP4 (1, 32): 16 B of codes + 1 B of scale.
  EXPECT_EQ(bytes(DType::mxfp4(), {1, 32}), 17);
  // MXFP6 (1, 32): 32 x 6 bits = 24 B + 1 B.
  EXPECT_EQ(bytes(DType::mxfp6_e3m2(), {1, 32}), 25);
  // MXFP4 (3, 32): 48 codes bytes + 3 scale bytes.
  EXPECT_EQ(bytes(DType::mxfp4(), {3, 32}), 51);
  // MXINT8 (64): 64 + 2.
  EXPECT_EQ(bytes(DType::mxint8(), {64}), 66);
  // NVFP4 (16): 8 B codes (rounded up from 64 bits), 1 B scale, 4 B tensor scale.
  EXPECT_EQ(bytes(DType::nvfp4(), {16}), 13);
  // An empty tensor still has its one whole-tensor scale.
  EXPECT_EQ(bytes(DType::nvfp4(), {0, 16}), 4);
  EXPECT_EQ(bytes(DType::mxfp4(), {0, 32}), 0);
}

TEST(StorageBytes, SubByteScalePlaneRoundsUp) {
  // An element plane of 6-bit codes with odd count: 32 x 3 x 6 bits = 576 bits = 72 B.
  DType d = *BlockScaledDType::make({.name = "BS_BYTES", .element = DType::f6e2m3(),
                                     .levels = {test::lv(DType::f4e2m1(), 32)}});
  // (3, 32): 72 B codes, 3 x 4-bit scales = 12 bits -> 2 B.
  EXPECT_EQ(bytes(d, {3, 32}), 74);
}

TEST(StorageBytes, LastAxisMustBeAMultipleOfTheBlock) {
  const Shape shape{4, 48};
  Result<std::int64_t> r = compound_storage_bytes(DType::mxfp4().compound(), shape);
  EXPECT_EQ(rule_ids(r), Ids{"DTREP.LEVELEXTENT.int-cardinality"});
  EXPECT_EQ(r.diagnostics()[0].message,
            "ValueError: MXFP4 level 0 groups 32 coordinates along the last axis, which has "
            "extent 48; it must be a multiple of 32");
  const Shape scalar{};
  EXPECT_FALSE(compound_storage_bytes(DType::mxfp4().compound(), scalar).ok());
}

TEST(StorageBytes, OnlyBlockScaledDtypesHaveLevelShapes) {
  DType planar = *make_compound<test::PlanarX>(
      {.name = "BYTES_PLANAR", .simple_types = {DType::f32(), DType::i32()}});
  const Shape shape{4};
  Result<std::int64_t> r = compound_storage_bytes(planar.compound(), shape);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.diagnostics()[0].category, DiagCategory::Usage);
}

TEST(BlockScaledLayout, LevelShapesAlongTheLastAxis) {
  const BlockScaledDType& nv = *as_block_scaled(DType::nvfp4());
  const Shape shape{2, 3, 32};
  EXPECT_EQ(*block_scaled_level_shapes(nv, shape),
            (std::vector<LevelShape>{{2, 3, 32}, {2, 3, 2}, {}}));
  DType two = *BlockScaledDType::make({.name = "BS_LEVEL_SHAPES", .element = DType::f4e2m1(),
                                       .levels = {test::lv(DType::fp8e4m3(), 4),
                                                  test::lv(DType::f8e8m0(), 2)}});
  const Shape s2{5, 16};
  EXPECT_EQ(*block_scaled_level_shapes(*as_block_scaled(two), s2),
            (std::vector<LevelShape>{{5, 16}, {5, 4}, {5, 2}}));
  // 16 elements, 4 scales of the first level: 4 is not a multiple of the outer block 3.
  DType odd = *BlockScaledDType::make({.name = "BS_ODD", .element = DType::f4e2m1(),
                                       .levels = {test::lv(DType::fp8e4m3(), 4),
                                                  test::lv(DType::f8e8m0(), 3)}});
  const Shape s3{16};
  EXPECT_EQ(rule_ids(block_scaled_level_shapes(*as_block_scaled(odd), s3)),
            Ids{"DTREP.LEVELEXTENT.int-cardinality"});
}

TEST(BlockScaledLayout, DefaultGroupingSatisfiesTheRules) {
  for (DType d : {DType::nvfp4(), DType::mxfp4(), DType::mxint8()}) {
    SCOPED_TRACE(std::string(d.name()));
    const BlockScaledDType& b = *as_block_scaled(d);
    const Shape shape{3, 64};
    std::vector<LevelShape> shapes = *block_scaled_level_shapes(b, shape);
    auto ctx = test::compact_context(d, shapes, block_scaled_adjacent_layouts(b, shapes));
    for (const RuleRef& r : d.compound().representation_rules())
      EXPECT_EQ(r->validate(ctx), std::nullopt) << r->structure().str();
  }
}

}  // namespace
}  // namespace tf
