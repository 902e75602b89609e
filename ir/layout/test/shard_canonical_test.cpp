// Hand-picked cases for canonical_shard_layout (upstream shard section 9).
#include "ir/layout/shard_canonical.h"

#include <gtest/gtest.h>

#include "ir/layout/shard_local_shape.h"
#include "ir/layout/test/shard_test_util.h"

namespace tf {
namespace {

using testing::first_message;
using testing::L;
using testing::mesh;
using testing::ok;

TEST(CanonicalShardLayout, FactorsInMeshAxisOrderWithAResidual) {
  const Mesh m = mesh("thread", "(2,4,32):(128,32,1)");
  const ShardLayout sl = ok(canonical_shard_layout(testing::T("(2,1536)"), m, {S(0), S(1), S(1)}));
  EXPECT_EQ(sl.layout(), LayoutBase(L("(2,4,32,12):(1536,384,12,1)")));
  EXPECT_EQ(sl.attrs(), (std::vector<ShardAttr>{S(0), S(1), S(2)}));
  EXPECT_EQ(ok(shard_layout_local_shape(sl)), testing::T("(1,1,1,12)"));
}

TEST(CanonicalShardLayout, TfirLgIsCanonical) {
  const ShardLayout sl =
      ok(canonical_shard_layout(testing::T("(128,12)"), mesh("cta", "(128):(1)"), {S(0)}));
  EXPECT_EQ(sl, ok(ShardLayout::make(L("(128,12):(12,1)"), {S(0)}, mesh("cta", "(128):(1)"))));
}

TEST(CanonicalShardLayout, BroadcastPartialAndDynamicPassThrough) {
  const Mesh m = mesh("thread", "(4,2,2):(4,2,1)");
  const ShardLayout sl =
      ok(canonical_shard_layout(testing::T("(8,12)"), m, {S(1), P("max"), Dynamic()}));
  EXPECT_EQ(sl.layout(), LayoutBase(L("(8,4,3):(12,3,1)")));
  EXPECT_EQ(sl.attrs(), (std::vector<ShardAttr>{S(1), P("max"), Dynamic()}));
}

TEST(CanonicalShardLayout, IndivisibleAxisIsRejected) {
  auto r = canonical_shard_layout(testing::T("(8,6)"), mesh("thread", "(4):(1)"), {S(1)});
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(first_message(r),
            "canonical_shard_layout((8, 6), attrs=(S(1),)): logical axis 1 of extent 6 is not "
            "divisible by the product 4 of the mesh extents that split it");
}

TEST(CanonicalShardLayout, SymbolicAxisStaysWholeWhenSplitOnce) {
  const IntSymbol n{"N", 1, 4097};
  const Mesh ctas =
      ok(Mesh::make({ok(Topology::make("cta", n))}, ok(Layout::make(tuple_of(n), tuple_of(1)))));
  const ShardLayout sl = ok(canonical_shard_layout(tuple_of(n, 8), ctas, {S(0)}));
  EXPECT_EQ(sl.layout(), LayoutBase(ok(Layout::make(tuple_of(n, 8), tuple_of(8, 1)))));
  EXPECT_EQ(ok(shard_layout_local_shape(sl)), testing::T("(1,8)"));
  // Twice split, a symbolic axis cannot be factored.
  auto twice = canonical_shard_layout(tuple_of(n, 8), mesh("cta", "(2,2):(2,1)"), {S(0), S(0)});
  EXPECT_NE(first_message(twice).find("a symbolic axis can be factored over one mesh axis only"),
            std::string::npos);
  // C-order strides over a symbolic non-leading extent are not representable.
  auto inner = canonical_shard_layout(tuple_of(8, n), ctas, {S(1)});
  EXPECT_NE(first_message(inner).find("Layout has no un-materialized strides"), std::string::npos);
}

TEST(CanonicalShardLayout, AttrsCountMustEqualMeshRank) {
  auto r = canonical_shard_layout(testing::T("(8,6)"), mesh("thread", "(4,2):(2,1)"), {S(0)});
  EXPECT_NE(first_message(r).find("attrs has 1 entries but the mesh has 2 axes"),
            std::string::npos);
}

}  // namespace
}  // namespace tf
