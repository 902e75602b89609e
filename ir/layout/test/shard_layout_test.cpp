// Hand-picked ShardLayout construction cases: docs/tfir.md section 2's Lg and Lr, docs/decisions.md
// D8, the SM80 mma fragments, and every refusal of upstream shard sections 6-7.
#include "ir/layout/shard_layout.h"

#include <gtest/gtest.h>

#include "ir/layout/composed_layout.h"
#include "ir/layout/shard_local_shape.h"
#include "ir/layout/test/shard_test_util.h"

namespace tf {
namespace {

using testing::first_message;
using testing::L;
using testing::mesh;
using testing::ok;
using testing::only_rule;

const Mesh& cta128() {
  static const Mesh m = mesh("cta", "(128):(1)");
  return m;
}

IntTuple local(const ShardLayout& sl) {
  return ok(shard_layout_local_shape(sl));
}

// covers: TYPES.2.TENSOR.injective-layout
TEST(ShardLayout, TfirLgSharesOneGmemEngine) {
  const ShardLayout lg = ok(ShardLayout::make(L("(128,12):(12,1)"), {S(0)}, cta128()));
  EXPECT_EQ(lg.shape(), testing::T("(128,12)"));
  EXPECT_EQ(lg.domain_rank(), 2);
  EXPECT_EQ(lg.attrs(), std::vector<ShardAttr>{S(0)});
  EXPECT_EQ(lg.mesh(), cta128());
  EXPECT_TRUE(is_resolved(lg));
  EXPECT_TRUE(is_static(lg));
  EXPECT_EQ(local(lg), testing::T("(1,12)"));
  EXPECT_EQ(to_string(lg),
            "ShardLayout(layout=Layout((128, 12), (12, 1)), attrs=(S(0),), "
            "mesh=Mesh((Topology(\"cta\", 128),), Layout((128,), (1,))))");
}

// covers: TYPES.2.TENSOR.injective-layout
TEST(ShardLayout, TfirLrIsTheD8Example) {
  // One register engine per CTA: stride 0 on the Split axis (docs/decisions.md D8).
  const ShardLayout lr = ok(ShardLayout::make(L("(128,12):(0,1)"), {S(0)}, cta128()));
  EXPECT_EQ(local(lr), testing::T("(1,12)"));
  EXPECT_NE(lr, ok(ShardLayout::make(L("(128,12):(12,1)"), {S(0)}, cta128())));
}

// covers: TYPES.2.TENSOR.injective-layout
TEST(ShardLayout, StrideZeroAxisNoSplitBindsIsRejected) {
  auto r = ShardLayout::make(L("(128,12):(0,1)"), {B()}, cta128());
  EXPECT_EQ(only_rule(r), "TYPES.2.TENSOR.injective-layout");
  EXPECT_EQ(first_message(r),
            "ShardLayout(layout=Layout((128, 12), (0, 1)), attrs=(B(),), mesh=Mesh((Topology("
            "\"cta\", 128),), Layout((128,), (1,)))) is not injective on (mesh instance, local "
            "coordinate) -> (engine, offset): two global coordinates held by one engine share "
            "an offset");
  ASSERT_EQ(r.diagnostics()[0].notes.size(), 2u);
  EXPECT_EQ(r.diagnostics()[0].notes[1],
            "with the per-instance axes fixed at 0: Layout((128, 12), (0, 1)) is not injective: "
            "the coordinates (0, 0) and (1, 0) both map to offset 0");
  // Dynamic and Partial bind nothing either.
  EXPECT_EQ(only_rule(ShardLayout::make(L("(128,12):(0,1)"), {Dynamic()}, cta128())),
            "TYPES.2.TENSOR.injective-layout");
  EXPECT_EQ(only_rule(ShardLayout::make(L("(128,12):(0,1)"), {P()}, cta128())),
            "TYPES.2.TENSOR.injective-layout");
}

// covers: TYPES.2.TENSOR.injective-layout
TEST(ShardLayout, StrideZeroSplitAxisWithLocalExtentAboveOneIsRejected) {
  // 128 rows over 64 CTAs: each CTA would hold two rows at the same offsets of its engine.
  auto r = ShardLayout::make(L("(128,12):(0,1)"), {S(0)}, mesh("cta", "(64):(1)"));
  EXPECT_EQ(only_rule(r), "TYPES.2.TENSOR.injective-layout");
  EXPECT_NE(first_message(r).find("layout axis 0 has stride 0 and local extent 2, so the local "
                                  "coordinates (0, 0) and (1, 0) of one instance share its "
                                  "engine and offset"),
            std::string::npos);
  // The same rows with a positive stride share one engine and are told apart by offset.
  const ShardLayout shared =
      ok(ShardLayout::make(L("(128,12):(12,1)"), {S(0)}, mesh("cta", "(64):(1)")));
  EXPECT_EQ(local(shared), testing::T("(2,12)"));
}

// covers: TYPES.2.TENSOR.injective-layout
TEST(ShardLayout, OverlappingSharedEngineIsRejected) {
  // Rows 12 apart but 16 wide: row r column 12 is row r+1 column 0.
  EXPECT_EQ(only_rule(ShardLayout::make(L("(128,16):(12,1)"), {S(0)}, cta128())),
            "TYPES.2.TENSOR.injective-layout");
}

TEST(ShardLayout, UpstreamHandWrittenUnfactoredSplit) {
  // tests/parser/programs.py tir_static_device: 16 rows over 8 threads, 2 rows each.
  const ShardLayout sl =
      ok(ShardLayout::make(L("(16,8):(8,1)"), {S(0)}, mesh("thread", "(8):(1)")));
  EXPECT_EQ(local(sl), testing::T("(2,8)"));
}

TEST(ShardLayout, Sm80MmaFragments) {
  const Mesh lanes = mesh("thread", "(4,8):(1,4)");
  const ShardLayout a = ok(ShardLayout::make(L("(2,4,2,8,2):(1,2,8,16,128)"), {S(1), S(3)}, lanes));
  const ShardLayout b = ok(ShardLayout::make(L("(8,2,4,2):(1,8,16,64)"), {S(2), S(0)}, lanes));
  const ShardLayout c = ok(ShardLayout::make(L("(2,4,8,2):(1,2,8,64)"), {S(1), S(2)}, lanes));
  EXPECT_EQ(local(a), testing::T("(2,1,2,1,2)"));  // 8 lhs values per lane
  EXPECT_EQ(local(b), testing::T("(1,2,1,2)"));    // 4 rhs values per lane
  EXPECT_EQ(local(c), testing::T("(2,1,1,2)"));    // 4 accumulator values per lane
}

TEST(ShardLayout, SplitsIndexFlatDomainAxes) {
  // ((4, 2), 3): Split(1) names the leaf of extent 2, not the mode (4, 2).
  const ShardLayout sl =
      ok(ShardLayout::make(L("((4,2),3):((1,12),4)"), {S(1)}, mesh("thread", "(2):(1)")));
  EXPECT_EQ(sl.domain_rank(), 3);
  EXPECT_EQ(local(sl), testing::T("(4,1,3)"));
}

TEST(ShardLayout, RepeatedSplitsDivideInMeshAxisOrder) {
  const Mesh m = mesh("thread", "(2,4):(4,1)");
  const ShardLayout sl = ok(ShardLayout::make(L("(24,3):(3,1)"), {S(0), S(0)}, m));
  EXPECT_EQ(local(sl), testing::T("(3,3)"));
  auto r = ShardLayout::make(L("(12,3):(3,1)"), {S(0), S(0)}, mesh("thread", "(2,4):(4,1)"));
  EXPECT_EQ(only_rule(r), "");
  EXPECT_EQ(first_message(r).substr(first_message(r).find(": mesh axis")),
            ": mesh axis 1 (extent 4) does not divide the remaining extent 6 of layout axis 0; "
            "each mesh extent bound to an axis must divide what the earlier bindings leave, in "
            "mesh-axis order (upstream shard section 6)");
}

TEST(ShardLayout, AttrsCountMustEqualMeshRank) {
  auto r = ShardLayout::make(L("(8,4):(4,1)"), {S(0)}, mesh("thread", "(8,4):(4,1)"));
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.diagnostics()[0].category, DiagCategory::Type);
  EXPECT_NE(first_message(r).find("attrs has 1 entries but the mesh has 2 axes; len(attrs) must "
                                  "equal the mesh rank, one attr per mesh axis (upstream shard "
                                  "section 7.2)"),
            std::string::npos);
}

TEST(ShardLayout, SplitAxisMustExist) {
  auto r = ShardLayout::make(L("(8,4):(4,1)"), {S(2)}, mesh("thread", "(8):(1)"));
  EXPECT_EQ(only_rule(r), "");
  EXPECT_NE(first_message(r).find("mesh axis 0 has S(2) but the layout has 2 domain axes"),
            std::string::npos);
}

TEST(ShardLayout, IndivisibleSplitIsRejected) {
  auto r = ShardLayout::make(L("(12,4):(4,1)"), {S(0)}, mesh("thread", "(8):(1)"));
  EXPECT_NE(first_message(r).find("mesh axis 0 (extent 8) does not divide the remaining extent "
                                  "12 of layout axis 0"),
            std::string::npos);
}

TEST(ShardLayout, AllRefusalsAreCollected) {
  auto r = ShardLayout::make(L("(12,4):(4,1)"), {S(0), S(5), B()}, mesh("thread", "(8,2):(2,1)"));
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.diagnostics().size(), 3u);  // attrs count, S(5), 8 does not divide 12
}

TEST(ShardLayout, SymbolicSplitNeedsTheSameSymbol) {
  const IntSymbol n{"N", 1, 4097};
  const Layout rows = ok(Layout::make(tuple_of(n, 8), tuple_of(8, 1)));
  const Layout axes = ok(Layout::make(tuple_of(n), tuple_of(1)));
  const Mesh ctas = ok(Mesh::make({ok(Topology::make("cta", n))}, axes));
  const ShardLayout sl = ok(ShardLayout::make(rows, {S(0)}, ctas));
  EXPECT_FALSE(is_static(sl));
  EXPECT_EQ(local(sl), testing::T("(1,8)"));

  auto r = ShardLayout::make(rows, {S(0)}, mesh("cta", "(4):(1)"));
  EXPECT_EQ(only_rule(r), "");
  EXPECT_NE(first_message(r).find("a symbolic split is decidable only when the two extents are "
                                  "the same symbol"),
            std::string::npos);
}

TEST(ShardLayout, SymbolicExtentBeyondTheSeparatedTestIsUndecidable) {
  // N on the smaller stride: whether N rows of stride 1 overlap the stride-8 mode depends on N.
  const Layout l = ok(Layout::make(tuple_of(IntSymbol{"N", 1, 64}, 8), tuple_of(1, 8)));
  auto r = ShardLayout::make(l, {S(1)}, mesh("thread", "(8):(1)"));
  EXPECT_EQ(only_rule(r), "");
  EXPECT_NE(first_message(r).find("cannot decide injectivity with symbolic entries"),
            std::string::npos);
}

TEST(ShardLayout, ComposedBaseWithIdentityInner) {
  const ComposedLayout view = ok(ComposedLayout::make(std::nullopt, 3, L("(4,8):(8,1)")));
  const ShardLayout sl = ok(ShardLayout::make(view, {S(0)}, mesh("thread", "(4):(1)")));
  EXPECT_EQ(local(sl), testing::T("(1,8)"));
  EXPECT_EQ(sl.layout().as_composed()->offset(), 3);
}

TEST(ShardLayout, ComposedBaseWithoutASingleStrideRefusesASplit) {
  // inner((2, 2):(1, 4)) after outer 4:1 steps 1, 3, 1: no single stride along axis 0.
  const ComposedLayout c = ok(ComposedLayout::make(L("(2,2):(1,4)"), 0, L("(4):(1)")));
  auto r = ShardLayout::make(c, {S(0)}, mesh("thread", "(2):(1)"));
  EXPECT_EQ(only_rule(r), "");
  EXPECT_NE(first_message(r).find("has no single stride along it; layouts needing more than one "
                                  "stride per Split axis (cyclic / interleaved) are refused "
                                  "(upstream shard section 7.1.2)"),
            std::string::npos);
  // Unbound, the same composition is an ordinary injective base.
  EXPECT_EQ(only_rule(ShardLayout::make(c, {B()}, mesh("thread", "(2):(1)"))), "ok");
}

// covers: TYPES.2.TENSOR.injective-layout
TEST(ShardLayout, ComposedBaseCollisionsAreFound) {
  // inner (2,2):(1,1) after outer (2,2):(1,2) gives 0, 1, 1, 2: indices 1 and 2 collide.
  const ComposedLayout c = ok(ComposedLayout::make(L("(2,2):(1,1)"), 0, L("(2,2):(1,2)")));
  EXPECT_EQ(only_rule(ShardLayout::make(c, {B()}, mesh("thread", "(2):(1)"))),
            "TYPES.2.TENSOR.injective-layout");
}

TEST(ShardLayout, DynamicIsAcceptedButUnresolved) {
  const ShardLayout sl =
      ok(ShardLayout::make(L("(8,4):(4,1)"), {S(0), Dynamic()}, mesh("thread", "(8,2):(2,1)")));
  EXPECT_FALSE(is_resolved(sl));
}

// covers: TYPES.2.1.LOCAL.nested-shard-once
TEST(ShardLayout, NestedLayersDivideOnceEach) {
  const ShardLayout per_cta =
      ok(ShardLayout::make(L("(4,32,8):(256,8,1)"), {S(0)}, mesh("cta", "(4):(1)")));
  const ShardLayout per_thread = ok(ShardLayout::make(per_cta, {S(1)}, mesh("thread", "(32):(1)")));
  EXPECT_EQ(per_thread.shape(), testing::T("(4,32,8)"));
  EXPECT_EQ(local(per_cta), testing::T("(1,32,8)"));
  EXPECT_EQ(local(per_thread), testing::T("(1,1,8)"));
  // A second layer cannot split what the first one already consumed.
  auto twice = ShardLayout::make(per_cta, {S(0)}, mesh("thread", "(4):(1)"));
  EXPECT_NE(first_message(twice).find("does not divide the remaining extent 1 of layout axis 0"),
            std::string::npos);
}

// A chain of layers stops at kMaxLayers: 3,000 declarations each layering the one before took
// 10 s (each layer spells and copies the ones below it), 30,000 more than 5 minutes.
TEST(ShardLayout, AtMost64LayersStack) {
  const Mesh one = mesh("cta", "(1):(1)");
  LayoutBase l = L("(8,2):(2,1)");
  for (int i = 0; i < ShardLayout::kMaxLayers; ++i) l = LayoutBase(ok(ShardLayout::make(l, {B()}, one)));
  auto r = ShardLayout::make(l, {B()}, one);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.diagnostics().front().message, "a ShardLayout nests at most 64 layers (a limit of tf)");
}

}  // namespace
}  // namespace tf
