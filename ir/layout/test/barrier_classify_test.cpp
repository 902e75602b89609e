// The barrier mapping of seed 002 section 1.5 on exact cases, every reject case, and the
// per-kernel named-barrier id allocation.
#include <gtest/gtest.h>

#include "ir/layout/barrier.h"
#include "ir/layout/named_barrier.h"
#include "ir/layout/test/mesh_test_util.h"

namespace tf {
namespace {

using testing::Composed;
using testing::flat_threads;
using testing::kAll;
using testing::L;
using testing::M;
using testing::R;
using testing::S;
using testing::Topo;

BarrierClass ok(const Mesh& m) {
  auto r = classify_barrier(m);
  EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.diagnostics()[0].render());
  return r.ok() ? *r : BarrierClass{};
}

std::string rejected(const Mesh& m) {
  auto r = classify_barrier(m);
  EXPECT_FALSE(r.ok());
  if (r.ok()) return "<accepted>";
  EXPECT_EQ(r.diagnostics().size(), 1u);
  return r.diagnostics()[0].rule_id;
}

// covers: TIR.1.5.BARRIER.whole-block-multi-warp
TEST(BarrierClassify, WholeBlockOfSeveralWarps) {
  const BarrierClass c = ok(testing::seed_m());
  EXPECT_EQ(c, (BarrierClass{BarrierKind::SyncThreads, 0, 128, 0}));
  EXPECT_EQ(barrier_spelling(c), "__syncthreads()");
  EXPECT_EQ(to_json(c),
            "{\"kind\": \"syncthreads\", \"base\": 0, \"count\": 128, \"mask\": \"0x00000000\"}");
  EXPECT_FALSE(c.needs_predicate());
  // A slice that selects the whole block is the whole block.
  EXPECT_EQ(ok(S(flat_threads(128), {R(0, 128)})).kind, BarrierKind::SyncThreads);
  // Not a warp multiple, still more than one warp.
  EXPECT_EQ(ok(flat_threads(48)), (BarrierClass{BarrierKind::SyncThreads, 0, 48, 0}));
}

// covers: TIR.1.5.BARRIER.whole-block-one-warp
TEST(BarrierClassify, WholeBlockOfOneWarp) {
  const BarrierClass c = ok(testing::warp_mesh());
  EXPECT_EQ(c, (BarrierClass{BarrierKind::SyncWarp, 0, 32, 0xffffffffu}));
  EXPECT_EQ(barrier_spelling(c), "__syncwarp()");
  EXPECT_FALSE(c.needs_predicate());
  // A 16-thread block is one (partial) warp.
  EXPECT_EQ(ok(flat_threads(16)), (BarrierClass{BarrierKind::SyncWarp, 0, 16, 0x0000ffffu}));
  EXPECT_EQ(ok(flat_threads(1)), (BarrierClass{BarrierKind::SyncWarp, 0, 1, 0x1u}));
}

// covers: TIR.1.5.BARRIER.lane-subset
// covers: TIR.1.5.BARRIER.participant-predicate
TEST(BarrierClassify, LaneSubsetWithinOneWarp) {
  const BarrierClass c = ok(S(flat_threads(32), {R(4, 12)}));
  EXPECT_EQ(c, (BarrierClass{BarrierKind::SyncWarpMask, 4, 8, 0x00000ff0u}));
  EXPECT_EQ(barrier_spelling(c), "__syncwarp(0x00000ff0)");
  EXPECT_EQ(to_json(c),
            "{\"kind\": \"syncwarp_mask\", \"base\": 4, \"count\": 8, \"mask\": \"0x00000ff0\"}");
  EXPECT_TRUE(c.needs_predicate());
  // Lanes inside the third warp of a 128-thread block: the mask is per lane.
  EXPECT_EQ(ok(S(flat_threads(128), {R(70, 80)})),
            (BarrierClass{BarrierKind::SyncWarpMask, 70, 10, 0x0000ffc0u}));
  // One whole warp of several is a lane subset with the full mask (decision in barrier.h).
  EXPECT_EQ(ok(S(testing::seed_m(), {SliceKey::at(2)})),
            (BarrierClass{BarrierKind::SyncWarpMask, 64, 32, 0xffffffffu}));
  // The top lane.
  EXPECT_EQ(ok(S(flat_threads(64), {R(63, 64)})),
            (BarrierClass{BarrierKind::SyncWarpMask, 63, 1, 0x80000000u}));
  // A lane slice of the 2-D warp that is contiguous: warp[:, 2:4] = lanes 8..15.
  EXPECT_EQ(ok(S(testing::warp_mesh(), {kAll, R(2, 4)})),
            (BarrierClass{BarrierKind::SyncWarpMask, 8, 8, 0x0000ff00u}));
}

// covers: TIR.1.5.BARRIER.multi-warp-subset
// covers: TIR.1.5.SYNC.warp-aligned
// covers: TIR.1.5.SYNC.one-barrier
TEST(BarrierClassify, WarpAlignedMultiWarpSubset) {
  const BarrierClass c = ok(S(flat_threads(128), {R(32, 96)}));
  EXPECT_EQ(c, (BarrierClass{BarrierKind::Named, 32, 64, 0}));
  EXPECT_EQ(barrier_spelling(c), "bar.sync <id>, 64");
  EXPECT_TRUE(c.needs_predicate());
  // The seed's m[1:3, :] is the same set.
  EXPECT_EQ(ok(S(testing::seed_m(), {R(1, 3), kAll})), c);
  EXPECT_EQ(ok(S(flat_threads(256), {R(0, 64)})), (BarrierClass{BarrierKind::Named, 0, 64, 0}));
}

// covers: TIR.1.5.BARRIER.full-cta-mesh
// covers: TIR.1.5.BARRIER.grid-coresidency-not-enforced
TEST(BarrierClassify, FullCtaMeshIsTheGridBarrier) {
  const BarrierClass c = ok(M({Topo("cta", 8)}, "(8):(1)"));
  EXPECT_EQ(c, (BarrierClass{BarrierKind::Grid, 0, 8, 0}));
  EXPECT_EQ(barrier_spelling(c), "grid_barrier()");
  EXPECT_FALSE(c.needs_predicate());
  EXPECT_EQ(ok(testing::cta1_mesh()), (BarrierClass{BarrierKind::Grid, 0, 128, 0}));
  // Several cta-named levels cannot exist (names are distinct); a 2-D cta mesh is fine.
  EXPECT_EQ(ok(M({Topo("cta", 8)}, "(4,2):(1,4)")).kind, BarrierKind::Grid);
  // A slice that selects every CTA is the whole grid (decision in barrier.h).
  EXPECT_EQ(ok(S(M({Topo("cta", 8)}, "(8):(1)"), {R(0, 8)})).kind, BarrierKind::Grid);
}

// covers: TIR.1.5.BARRIER.cta-slice-rejected
TEST(BarrierClassify, CtaSliceRejected) {
  const Mesh g = M({Topo("cta", 8)}, "(8):(1)");
  EXPECT_EQ(rejected(S(g, {R(0, 4)})), "TIR.1.5.BARRIER.cta-slice-rejected");
  auto r = classify_barrier(S(g, {R(0, 4)}));
  EXPECT_EQ(r.diagnostics()[0].message,
            "sync(Mesh((Topology(\"cta\", 8),), ComposedLayout(inner=None, offset=0, "
            "outer=Layout((4,), (1,))))) has no barrier: it selects 4 of the 8 CTAs; only the "
            "full cta mesh has a (grid) barrier");
}

// covers: TIR.1.5.SYNC.non-contiguous-rejected
// covers: TIR.1.5.SYNC.never-broaden-or-split
TEST(BarrierClassify, NonContiguousRejected) {
  EXPECT_EQ(rejected(S(testing::seed_m(), {kAll, R(0, 8)})),
            "TIR.1.5.SYNC.non-contiguous-rejected");
  auto r = classify_barrier(S(testing::seed_m(), {kAll, R(0, 8)}));
  EXPECT_EQ(r.diagnostics()[0].notes[0],
            "an unsupported participant set is rejected, never broadened to a larger barrier or "
            "split into several (seed 002 section 1.5)");
  // TFIR's warp[0:2]: lanes {0, 1, 4, 5, ...}.
  EXPECT_EQ(rejected(S(testing::warp_mesh(), {R(0, 2)})), "TIR.1.5.SYNC.non-contiguous-rejected");
}

// covers: TIR.1.5.SYNC.unaligned-cross-warp-rejected
TEST(BarrierClassify, UnalignedCrossWarpRejected) {
  EXPECT_EQ(rejected(S(flat_threads(128), {R(16, 48)})),
            "TIR.1.5.SYNC.unaligned-cross-warp-rejected");
  EXPECT_EQ(rejected(S(flat_threads(128), {R(32, 80)})),
            "TIR.1.5.SYNC.unaligned-cross-warp-rejected");
  auto r = classify_barrier(S(flat_threads(128), {R(32, 80)}));
  EXPECT_EQ(r.diagnostics()[0].message,
            "sync(Mesh((Topology(\"thread\", 128),), ComposedLayout(inner=None, offset=32, "
            "outer=Layout((48,), (1,))))) has no barrier: threads [32, 80) span several warps but "
            "base 32 and count 48 are not both multiples of 32");
  // Whole warps but a count that is not (a sliced 48-thread block misses the end).
  EXPECT_EQ(rejected(S(flat_threads(48), {R(0, 40)})),
            "TIR.1.5.SYNC.unaligned-cross-warp-rejected");
}

// covers: TIR.1.5.SYNC.dynamic-mesh-rejected
TEST(BarrierClassify, DynamicMeshRejected) {
  auto topo = Topology::make("thread", IntTuple(IntSymbol{"N", 1, 1025})).value();
  EXPECT_EQ(rejected(Mesh::make({topo}, L("(4,32):(32,1)")).value()),
            "TIR.1.5.SYNC.dynamic-mesh-rejected");
  EXPECT_EQ(rejected(Mesh::make({Topo("thread", 128)}, L("(N,32):(32,1)")).value()),
            "TIR.1.5.SYNC.dynamic-mesh-rejected");
}

// covers: TIR.1.5.SYNC.inconsistent-mesh-rejected
TEST(BarrierClassify, InconsistentMeshRejected) {
  EXPECT_EQ(rejected(M({Topo("thread", 128)}, "(64):(1)")),
            "TIR.1.5.SYNC.inconsistent-mesh-rejected");
  auto r = classify_barrier(M({Topo("thread", 128)}, "(64):(1)"));
  EXPECT_EQ(r.diagnostics()[0].message,
            "sync(Mesh((Topology(\"thread\", 128),), Layout((64,), (1,)))) has no barrier: its "
            "layout has 64 positions but the topology domain is 128");
  // Non-injective: a stride-0 axis names threads twice.
  EXPECT_EQ(rejected(M({Topo("thread", 64)}, "(32,2):(1,0)")),
            "TIR.1.5.SYNC.inconsistent-mesh-rejected");
  // Participants beyond the domain.
  EXPECT_EQ(rejected(Composed({Topo("thread", 64)}, 48, "(32):(1)")),
            "TIR.1.5.SYNC.inconsistent-mesh-rejected");
  // No participant at all.
  EXPECT_EQ(rejected(Composed({Topo("thread", 64)}, 0, "(0):(1)")),
            "TIR.1.5.SYNC.inconsistent-mesh-rejected");
}

// covers: TIR.1.5.SYNC.unsupported-topology-rejected
TEST(BarrierClassify, UnsupportedTopologyRejected) {
  EXPECT_EQ(rejected(testing::grid_mesh()), "TIR.1.5.SYNC.unsupported-topology-rejected");
  EXPECT_EQ(rejected(M({Topo("warp", 4), Topo("thread", 32)}, "(4,32):(32,1)")),
            "TIR.1.5.SYNC.unsupported-topology-rejected");
  EXPECT_EQ(rejected(M({Topo("lane", 32)}, "(32):(1)")),
            "TIR.1.5.SYNC.unsupported-topology-rejected");
  auto r = classify_barrier(testing::grid_mesh());
  EXPECT_NE(r.diagnostics()[0].message.find("the topologies (cta, thread) have no barrier mapping"),
            std::string::npos);
}

// covers: TIR.1.5.SYNC.shared-classifier
TEST(BarrierClassify, OneRoutineOneAnswer) {
  // The classifier is a pure function of the mesh: structurally equal meshes (different
  // objects, e.g. verify's and codegen's copies) get the identical class.
  const Mesh a = S(testing::seed_m(), {R(1, 3), kAll});
  const Mesh b = Composed({Topo("thread", 128)}, 32, "(2,32):(32,1)");
  EXPECT_EQ(ok(a), ok(b));
  EXPECT_STREQ(barrier_kind_name(BarrierKind::Named), "named");
  EXPECT_STREQ(barrier_kind_name(BarrierKind::SyncWarpMask), "syncwarp_mask");
  EXPECT_STREQ(barrier_kind_name(BarrierKind::Grid), "grid");
}

// covers: TIR.1.5.NAMEDBAR.id0-reserved
// covers: TIR.1.5.NAMEDBAR.range-1-15
TEST(NamedBarrier, IdRange) {
  for (int id = 1; id <= 15; ++id) EXPECT_TRUE(check_named_barrier_id(id).empty());
  auto zero = check_named_barrier_id(0);
  ASSERT_EQ(zero.size(), 1u);
  EXPECT_EQ(zero[0].rule_id, "TIR.1.5.NAMEDBAR.id0-reserved");
  EXPECT_EQ(check_named_barrier_id(16)[0].rule_id, "TIR.1.5.NAMEDBAR.range-1-15");
  EXPECT_EQ(check_named_barrier_id(16)[0].message, "named-barrier id 16 is outside 1..15");
  EXPECT_EQ(check_named_barrier_id(-1)[0].rule_id, "TIR.1.5.NAMEDBAR.range-1-15");
}

// covers: TIR.1.5.NAMEDBAR.next-free-id
// covers: TIR.1.5.NAMEDBAR.loop-reuses-id
// covers: TIR.1.5.NAMEDBAR.no-reuse-across-sites
// covers: TIR.1.5.NAMEDBAR.implicit-per-kernel
TEST(NamedBarrier, AllocationPerKernel) {
  int sites[3] = {};  // only their addresses matter
  NamedBarrierAllocator kernel;
  EXPECT_EQ(kernel.id_for(&sites[0]).value(), 1);
  EXPECT_EQ(kernel.id_for(&sites[1]).value(), 2);
  EXPECT_EQ(kernel.id_for(&sites[0]).value(), 1);  // the same node again (a loop body)
  EXPECT_EQ(kernel.id_for(&sites[2]).value(), 3);
  EXPECT_EQ(kernel.allocated(), 3);
  NamedBarrierAllocator second_kernel;  // another kernel of the module starts at 1 again
  EXPECT_EQ(second_kernel.id_for(&sites[2]).value(), 1);
}

// covers: TIR.1.5.NAMEDBAR.fifteen-allowed
// covers: TIR.1.5.NAMEDBAR.over-fifteen-errors
TEST(NamedBarrier, FifteenAllowedSixteenErrors) {
  int sites[16] = {};  // only their addresses matter
  NamedBarrierAllocator kernel;
  for (int i = 0; i < 15; ++i) EXPECT_EQ(kernel.id_for(&sites[i]).value(), i + 1);
  auto over = kernel.id_for(&sites[15]);
  ASSERT_FALSE(over.ok());
  EXPECT_EQ(over.diagnostics()[0].rule_id, "TIR.1.5.NAMEDBAR.over-fifteen-errors");
  EXPECT_EQ(over.diagnostics()[0].message,
            "the kernel needs a named barrier for a sync site beyond the 15 available (ids 1..15)");
  EXPECT_EQ(kernel.allocated(), 15);
  EXPECT_EQ(kernel.id_for(&sites[3]).value(), 4);  // existing sites still answer
}

}  // namespace
}  // namespace tf
