// Hand-picked cases for shard_layout_local_shape (seed 000 section 2.1's projection boundary,
// upstream shard sections 6 and 9).
#include "ir/layout/shard_local_shape.h"

#include <gtest/gtest.h>

#include "ir/layout/test/shard_test_util.h"

namespace tf {
namespace {

using testing::first_message;
using testing::L;
using testing::mesh;
using testing::ok;
using testing::only_rule;

TEST(ShardLocalShape, BroadcastAndPartialDivideNothing) {
  const ShardLayout sl = ok(ShardLayout::make(L("(32,64):(64,1)"), {S(0), B(), P("sum"), B()},
                                              mesh("gpu", "(32,2,8,32):(2048,1024,32,1)")));
  EXPECT_EQ(ok(shard_layout_local_shape(sl)), testing::T("(1,64)"));
}

TEST(ShardLocalShape, UpstreamSection75PerInstanceForm) {
  // Layout((2, 4, 3, 32, 4), (0, 0, 4, 0, 1)) with (S(0), S(1), B, S(3), B) over (2, 4, 32).
  const ShardLayout sl = ok(ShardLayout::make(L("(2,4,3,32,4):(0,0,4,0,1)"), {S(0), S(1), S(3)},
                                              mesh("thread", "(2,4,32):(128,32,1)")));
  EXPECT_EQ(ok(shard_layout_local_shape(sl)), testing::T("(1,1,3,1,4)"));
}

// covers: TYPES.2.1.LOCAL.unresolved-layout-raises
TEST(ShardLocalShape, StrictModeRefusesDynamic) {
  const ShardLayout sl =
      ok(ShardLayout::make(L("(8,4):(4,1)"), {S(0), Dynamic()}, mesh("thread", "(8,2):(2,1)")));
  auto strict = shard_layout_local_shape(sl);
  EXPECT_EQ(only_rule(strict), "TYPES.2.1.LOCAL.unresolved-layout-raises");
  EXPECT_NE(first_message(strict).find("still has a Dynamic attr; its distribution must be "
                                       "resolved to Split or Broadcast before local projection"),
            std::string::npos);
  EXPECT_EQ(ok(shard_layout_local_shape(sl, {.require_static = false})), testing::T("(1,4)"));
}

// covers: TYPES.2.1.LOCAL.nonconcrete-extent-raises
TEST(ShardLocalShape, StrictModeRefusesASymbolicLocalExtent) {
  const Layout l = ok(Layout::make(tuple_of(8, IntSymbol{"N", 1, 64}), tuple_of(1, 8)));
  const ShardLayout sl = ok(ShardLayout::make(l, {S(0)}, mesh("thread", "(8):(1)")));
  auto strict = shard_layout_local_shape(sl);
  EXPECT_EQ(only_rule(strict), "TYPES.2.1.LOCAL.nonconcrete-extent-raises");
  EXPECT_NE(first_message(strict).find("the local extent of layout axis 1 of"), std::string::npos);
  const IntTuple lax = ok(shard_layout_local_shape(sl, {.require_static = false}));
  EXPECT_EQ(lax, tuple_of(1, IntSymbol{"N", 1, 64}));
}

// covers: TYPES.2.1.LOCAL.nested-shard-once
TEST(ShardLocalShape, LevelFilterKeepsTheCoarserLayer) {
  const ShardLayout per_cta =
      ok(ShardLayout::make(L("(4,32,8):(256,8,1)"), {S(0)}, mesh("cta", "(4):(1)")));
  const ShardLayout per_thread = ok(ShardLayout::make(per_cta, {S(1)}, mesh("thread", "(32):(1)")));
  LocalShapeOptions cta_level;
  cta_level.divides = [](const Mesh& m, int) { return m.topologies()[0].name() == "cta"; };
  EXPECT_EQ(ok(shard_layout_local_shape(per_thread, cta_level)), testing::T("(1,32,8)"));
  EXPECT_EQ(ok(shard_layout_local_shape(per_thread)), testing::T("(1,1,8)"));
}

TEST(ShardLocalShape, RankZeroLayout) {
  const ShardLayout sl = ok(ShardLayout::make(L("():()"), {B()}, mesh("thread", "(4):(1)")));
  EXPECT_EQ(ok(shard_layout_local_shape(sl)), IntTuple::tuple({}));
}

}  // namespace
}  // namespace tf
