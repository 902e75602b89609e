// Static slicing, participants, projection and legal-slice verification, on the meshes of
// docs/tfir.md section 2 and seed 002 section 1.5, with exact values.
#include "ir/layout/mesh_slice.h"

#include <gtest/gtest.h>

#include <numeric>

#include "ir/layout/mesh_projection.h"
#include "ir/layout/mesh_slice_verify.h"
#include "ir/layout/participants.h"
#include "ir/layout/test/mesh_test_util.h"

namespace tf {
namespace {

using testing::Composed;
using testing::kAll;
using testing::L;
using testing::M;
using testing::R;
using testing::S;
using testing::Topo;

std::vector<std::int64_t> iota(std::int64_t lo, std::int64_t hi) {
  std::vector<std::int64_t> v(static_cast<std::size_t>(hi - lo));
  std::iota(v.begin(), v.end(), lo);
  return v;
}

std::vector<std::int64_t> sorted(std::vector<std::int64_t> v) {
  std::sort(v.begin(), v.end());
  return v;
}

std::string rule_of(const std::vector<Diagnostic>& d) {
  return d.empty() ? std::string("<none>") : d.front().rule_id;
}

// covers: TIR.1.5.SYNC.slice-composed-layout
// covers: TIR.1.5.SYNC.slice-parse-time
TEST(MeshSlice, SeedExampleIsAComposedLayout) {
  const Mesh m = testing::seed_m();
  const Mesh s = S(m, {R(1, 3), kAll});
  EXPECT_TRUE(s.is_sliced());  // still a Mesh, with a ComposedLayout
  const ComposedLayout& c = *s.composed();
  EXPECT_TRUE(c.inner_is_identity());
  EXPECT_EQ(c.offset(), 32);
  EXPECT_EQ(*c.outer(), L("(2,32):(32,1)"));
  EXPECT_EQ(s.topologies(), m.topologies());
  EXPECT_EQ(to_string(s),
            "Mesh((Topology(\"thread\", 128),), ComposedLayout(inner=None, "
            "offset=32, outer=Layout((2, 32), (32, 1))))");
  EXPECT_EQ(slice_spelling("m", {R(1, 3), kAll}), "m[1:3, :]");
}

// covers: TIR.1.5.SYNC.whole-mesh
// covers: TIR.1.5.SYNC.sliced-submesh
// covers: TIR.1.5.SYNC.participant-indices
// covers: TIR.1.5.SYNC.base-and-count
TEST(Participants, SeedExample) {
  const Mesh m = testing::seed_m();
  EXPECT_EQ(sorted(image(m).value()), iota(0, 128));
  const Mesh s = S(m, {R(1, 3), kAll});
  EXPECT_EQ(sorted(image(s).value()), iota(32, 96));
  // Mesh-coordinate order: leftmost axis fastest.
  EXPECT_EQ(image(s).value()[0], 32);
  EXPECT_EQ(image(s).value()[1], 64);
  EXPECT_EQ(image(s).value()[2], 33);
  auto summary = summarize_participants(s).value();
  EXPECT_EQ(summary, (ParticipantSummary{32, 64, 128, true, true, true}));
  EXPECT_EQ(summarize_participants(m).value(), (ParticipantSummary{0, 128, 128, true, true, true}));
}

TEST(MeshSlice, TfirSpellings) {
  // `warp[0:16]` over the flat 32-lane warp; over TFIR's (4, 8) warp the first axis has only 4.
  const Mesh flat = testing::flat_threads(32);
  EXPECT_EQ(sorted(image(S(flat, {R(0, 16)})).value()), iota(0, 16));
  auto too_far = slice(testing::warp_mesh(), {R(0, 16)});
  ASSERT_FALSE(too_far.ok());
  EXPECT_EQ(too_far.diagnostics()[0].message,
            "illegal mesh slice m[0:16] of Mesh((Topology(\"thread\", 32),), Layout((4, 8), (1, "
            "4))): range 0:16 is outside axis 0 of extent 4");
  // warp[0:2] takes lanes {0, 1, 4, 5, ..., 28, 29} (axis 0 has stride 1, axis 1 stride 4).
  const Mesh lanes = S(testing::warp_mesh(), {R(0, 2)});
  EXPECT_EQ(lanes.offset(), 0);
  EXPECT_EQ(*lanes.composed()->outer(), L("(2,8):(1,4)"));
  EXPECT_EQ(sorted(image(lanes).value()),
            (std::vector<std::int64_t>{0, 1, 4, 5, 8, 9, 12, 13, 16, 17, 20, 21, 24, 25, 28, 29}));
  // `cta[1:3, :]` over the grid's cta level: a two-axis cta mesh.
  const Mesh cta = M({Topo("cta", 8)}, "(4,2):(2,1)");
  const Mesh sub = S(cta, {R(1, 3), kAll});
  EXPECT_EQ(sub.offset(), 2);
  EXPECT_EQ(sorted(image(sub).value()), iota(2, 6));
  // The grid: c = 1..2, l = 8..15 of every warp.
  const Mesh g = S(testing::grid_mesh(), {R(1, 3), kAll, R(8, 16)});
  EXPECT_EQ(g.names(), testing::grid_mesh().names());
  EXPECT_EQ(image(g).value().size(), 64u);
  EXPECT_EQ(image(g).value()[0], 136);
}

TEST(MeshSlice, KeyForms) {
  const Mesh m = testing::seed_m();
  // An index keeps the axis with extent 1.
  const Mesh row = S(m, {SliceKey::at(2)});
  EXPECT_EQ(*row.composed()->outer(), L("(1,32):(32,1)"));
  EXPECT_EQ(row.offset(), 64);
  // Negative index and bounds count from the end; omitted bounds are the ends.
  EXPECT_EQ(S(m, {SliceKey::at(-1)}), S(m, {SliceKey::at(3)}));
  EXPECT_EQ(S(m, {SliceKey::range(-2, std::nullopt)}), S(m, {R(2, 4)}));
  EXPECT_EQ(S(m, {SliceKey::range(std::nullopt, -1)}), S(m, {R(0, 3)}));
  EXPECT_EQ(S(m, {kAll, SliceKey::range(4, 12, 1)}), S(m, {R(0, 4), R(4, 12)}));
  EXPECT_EQ(S(m, {}).offset(), 0);
  EXPECT_EQ(to_string(SliceKey::range(std::nullopt, 16)), ":16");
  EXPECT_EQ(to_string(SliceKey::range(0, 8, 2)), "0:8:2");
  EXPECT_EQ(to_string(SliceKey::at(-3)), "-3");
  // A flat leaf layout stays a leaf.
  const Mesh leaf = M({Topo("thread", 64)}, "64:1");
  EXPECT_EQ(*S(leaf, {R(8, 16)}).composed()->outer(), L("8:1"));
  // slice_box / box_key round trip.
  auto box = slice_box(m, {SliceKey::at(-1), R(4, 12)}).value();
  EXPECT_EQ(box, (SliceBox{{3, 4}, {1, 8}}));
  EXPECT_EQ(slice(m, box_key(box)).value(), S(m, {SliceKey::at(-1), R(4, 12)}));
}

TEST(MeshSlice, IllegalKeysAreDiagnostics) {
  const Mesh m = testing::seed_m();
  auto message = [&](const Mesh& mesh, std::vector<SliceKey> key) {
    auto r = slice(mesh, key);
    EXPECT_FALSE(r.ok());
    EXPECT_EQ(r.ok() ? DiagCategory::Rule : r.diagnostics()[0].category, DiagCategory::Type);
    return r.ok() ? std::string() : r.diagnostics()[0].message;
  };
  const std::string of_m = " of Mesh((Topology(\"thread\", 128),), Layout((4, 32), (32, 1))): ";
  EXPECT_EQ(message(m, {kAll, kAll, kAll}), "illegal mesh slice m[:, :, :]" + of_m +
                                                "the key has 3 entries but the mesh has 2 axes");
  EXPECT_EQ(message(m, {SliceKey::at(4)}),
            "illegal mesh slice m[4]" + of_m + "index 4 is outside axis 0 of extent 4");
  EXPECT_EQ(message(m, {SliceKey::at(-5)}),
            "illegal mesh slice m[-5]" + of_m + "index -5 is outside axis 0 of extent 4");
  EXPECT_EQ(message(m, {R(2, 2)}),
            "illegal mesh slice m[2:2]" + of_m + "range 2:2 selects no position of axis 0");
  EXPECT_EQ(message(m, {R(3, 1)}),
            "illegal mesh slice m[3:1]" + of_m + "range 3:1 is outside axis 0 of extent 4");
  EXPECT_EQ(message(m, {SliceKey::range(0, 4, 2)}),
            "illegal mesh slice m[0:4:2]" + of_m + "axis 0 has step 2; only step 1 is supported");
  EXPECT_EQ(message(m, {R(0, 5)}),
            "illegal mesh slice m[0:5]" + of_m + "range 0:5 is outside axis 0 of extent 4");
  // A slice of a slice.
  EXPECT_NE(message(S(m, {R(1, 3)}), {R(0, 1)}).find("the mesh is already sliced"),
            std::string::npos);
  // Symbolic entries.
  auto sym = Mesh::make({Topo("thread", 128)}, L("(N,32):(32,1)")).value();
  EXPECT_NE(message(sym, {R(0, 1)}).find("axis 0 has the symbolic extent or stride"),
            std::string::npos);
}

TEST(Participants, SymbolicAndInnerAndEmpty) {
  auto sym = Mesh::make({Topo("thread", 128)}, L("(N,32):(32,1)")).value();
  EXPECT_EQ(image(sym).diagnostics()[0].message,
            "Mesh((Topology(\"thread\", 128),), Layout((N, 32), (32, 1))): the participants of a "
            "mesh with a symbolic extent or stride are not static");
  // A hand-built non-identity inner is applied (upstream shard section 5).
  auto inner =
      Mesh::make({Topo("thread", 16)}, ComposedLayout::make(L("16:2"), 1, L("4:1")).value())
          .value();
  EXPECT_EQ(image(inner).value(), (std::vector<std::int64_t>{2, 4, 6, 8}));
  auto empty = M({Topo("thread", 4)}, "(0,4):(4,1)");
  EXPECT_EQ(summarize_participants(empty).value(), (ParticipantSummary{0, 0, 4, true, true, true}));
  auto dup = M({Topo("thread", 8)}, "(4,2):(1,1)");
  auto s = summarize_participants(dup).value();
  EXPECT_FALSE(s.duplicate_free);
  EXPECT_FALSE(s.contiguous);
}

TEST(Projection, SeedSliceContainsExactlyItsThreads) {
  const Mesh s = S(testing::seed_m(), {R(1, 3), kAll});
  EXPECT_EQ(contains(s, 31).value(), Membership::Outside);
  EXPECT_EQ(contains(s, 32).value(), Membership::Inside);
  EXPECT_EQ(contains(s, 95).value(), Membership::Inside);
  EXPECT_EQ(contains(s, 96).value(), Membership::Outside);
  EXPECT_EQ(contains(s, -1).value(), Membership::Outside);
  auto p = project(s, 70).value();  // 70 = 32 + 1*32 + 6
  EXPECT_EQ(p.membership, Membership::Inside);
  EXPECT_EQ(p.coord, tuple_of(1, 6));
  EXPECT_EQ(p.flat_index, 13);
  const Mesh lanes = S(testing::warp_mesh(), {R(0, 2)});
  EXPECT_EQ(contains(lanes, 5).value(), Membership::Inside);
  EXPECT_EQ(contains(lanes, 6).value(), Membership::Outside);
  EXPECT_EQ(project(lanes, 29).value().coord, tuple_of(1, 7));
  EXPECT_STREQ(membership_name(Membership::NotProjectable), "not-projectable");
}

TEST(Projection, NotProjectableOutcomes) {
  // Injective but not separated: (3, 2):(2, 3) reaches 0 2 4 3 5 7.
  auto overlap = M({Topo("thread", 6)}, "(3,2):(2,3)");
  auto p = project(overlap, 3).value();
  EXPECT_EQ(p.membership, Membership::NotProjectable);
  EXPECT_EQ(p.reason,
            "the strides of Layout((3, 2), (2, 3)) are not separated: axis 1 steps 3 but the "
            "smaller-stride axes already reach 4");
  // Non-injective: a stride-0 axis.
  auto broadcast = M({Topo("thread", 8)}, "(4,2):(1,0)");
  EXPECT_EQ(contains(broadcast, 0).value(), Membership::NotProjectable);
  EXPECT_EQ(not_projectable_reason(broadcast).value(),
            "axis 1 has extent 2 and stride 0, so its positions share one index");
  // A non-identity inner.
  auto inner =
      Mesh::make({Topo("thread", 16)}, ComposedLayout::make(L("16:2"), 0, L("4:1")).value())
          .value();
  EXPECT_EQ(contains(inner, 2).value(), Membership::NotProjectable);
  // Symbolic: a Diagnostic, not an outcome.
  auto sym = Mesh::make({Topo("thread", 128)}, L("(N,32):(32,1)")).value();
  EXPECT_FALSE(contains(sym, 0).ok());
  // Extent-1 axes with any stride do not spoil projection.
  auto ones = M({Topo("thread", 8)}, "(1,8,1):(5,1,0)");
  EXPECT_EQ(project(ones, 7).value().coord, tuple_of(0, 7, 0));
}

// covers: TIR.1.5.SYNC.legal-slice-accepted
TEST(SliceVerify, LegalSliceAndHandBuiltTwin) {
  const Mesh m = testing::seed_m();
  EXPECT_TRUE(verify_mesh_in_scope(S(m, {R(1, 3), kAll}), {m}).empty());
  const Mesh twin = Composed({Topo("thread", 128)}, 32, "(2,32):(32,1)");
  EXPECT_TRUE(verify_mesh_in_scope(twin, {m}).empty());
  EXPECT_EQ(prove_slice_of(twin, m).value(), (SliceBox{{1, 0}, {2, 32}}));
  // Any enclosing mesh may prove it, innermost first.
  const Mesh other = M({Topo("thread", 128)}, "(128):(1)");
  EXPECT_TRUE(verify_mesh_in_scope(twin, {m, other}).empty());
  EXPECT_TRUE(verify_mesh_in_scope(S(other, {R(16, 48)}), {m, other}).empty());
  // Overlapping enclosing strides: the offset is found by enumeration.
  const Mesh odd = M({Topo("thread", 6)}, "(3,2):(2,3)");
  EXPECT_TRUE(verify_mesh_in_scope(S(odd, {R(1, 3), R(1, 2)}), {odd}).empty());
}

// covers: TIR.1.5.SYNC.full-mesh-equal
TEST(SliceVerify, FullMeshAcceptedByEquality) {
  const Mesh m = testing::seed_m();
  EXPECT_TRUE(verify_mesh_in_scope(m, {m}).empty());
  EXPECT_TRUE(verify_mesh_in_scope(M({Topo("thread", 128)}, "(4,32):(32,1)"), {m}).empty());
}

// covers: TIR.1.5.SYNC.full-mesh-unequal
TEST(SliceVerify, FullMeshUnequalRejected) {
  const Mesh m = testing::seed_m();
  auto d = verify_mesh_in_scope(M({Topo("thread", 128)}, "(2,64):(64,1)"), {m});
  ASSERT_EQ(d.size(), 1u);
  EXPECT_EQ(d[0].rule_id, "TIR.1.5.SYNC.full-mesh-unequal");
  EXPECT_EQ(rule_of(verify_mesh_in_scope(M({Topo("thread", 128)}, "(4,32):(1,4)"), {m})),
            "TIR.1.5.SYNC.full-mesh-unequal");
  EXPECT_EQ(rule_of(verify_mesh_in_scope(m, {})), "TIR.1.5.SYNC.full-mesh-unequal");
}

// covers: TIR.1.5.SYNC.forged-slice-strides
TEST(SliceVerify, ForgedStrides) {
  const Mesh m = testing::seed_m();
  auto d = verify_mesh_in_scope(Composed({Topo("thread", 128)}, 32, "(2,32):(64,1)"), {m});
  ASSERT_EQ(d.size(), 1u);
  EXPECT_EQ(d[0].rule_id, "TIR.1.5.SYNC.forged-slice-strides");
  EXPECT_EQ(d[0].message,
            "Mesh((Topology(\"thread\", 128),), ComposedLayout(inner=None, offset=32, "
            "outer=Layout((2, 32), (64, 1)))) is not a constant slice of the enclosing mesh "
            "Mesh((Topology(\"thread\", 128),), Layout((4, 32), (32, 1))): its strides (64, 1) "
            "differ from the enclosing strides (32, 1)");
  // A different rank, and a non-identity inner.
  EXPECT_EQ(rule_of(verify_mesh_in_scope(Composed({Topo("thread", 128)}, 0, "(64):(1)"), {m})),
            "TIR.1.5.SYNC.forged-slice-strides");
  auto inner = Mesh::make({Topo("thread", 128)},
                          ComposedLayout::make(L("128:1"), 32, L("(2,32):(32,1)")).value())
                   .value();
  EXPECT_EQ(rule_of(verify_mesh_in_scope(inner, {m})), "TIR.1.5.SYNC.forged-slice-strides");
}

// covers: TIR.1.5.SYNC.forged-slice-extents
TEST(SliceVerify, ForgedExtents) {
  const Mesh m = testing::seed_m();
  auto d = verify_mesh_in_scope(Composed({Topo("thread", 128)}, 0, "(5,32):(32,1)"), {m});
  ASSERT_EQ(d.size(), 1u);
  EXPECT_EQ(d[0].rule_id, "TIR.1.5.SYNC.forged-slice-extents");
  EXPECT_NE(d[0].message.find("axis 0 selects 5 positions of an axis of extent 4"),
            std::string::npos);
  EXPECT_EQ(rule_of(verify_mesh_in_scope(Composed({Topo("thread", 128)}, 0, "(0,32):(32,1)"), {m})),
            "TIR.1.5.SYNC.forged-slice-extents");
}

// covers: TIR.1.5.SYNC.forged-slice-offset
TEST(SliceVerify, ForgedOffset) {
  const Mesh m = testing::seed_m();
  auto d16 = verify_mesh_in_scope(Composed({Topo("thread", 128)}, 16, "(2,32):(32,1)"), {m});
  ASSERT_EQ(d16.size(), 1u);
  EXPECT_EQ(d16[0].rule_id, "TIR.1.5.SYNC.forged-slice-offset");
  EXPECT_NE(d16[0].message.find("the offset 16 is not sum(start_i * stride_i) for in-range "
                                "starts of the sub-extents (2, 32)"),
            std::string::npos);
  // Offset 96 = start row 3, but rows 3..4 run past the 4 rows.
  EXPECT_EQ(
      rule_of(verify_mesh_in_scope(Composed({Topo("thread", 128)}, 96, "(2,32):(32,1)"), {m})),
      "TIR.1.5.SYNC.forged-slice-offset");
  // Lane offsets: (2, 8) at offset 8 is rows 0..1, lanes 8..15: legal; at offset 30 it is not.
  EXPECT_TRUE(
      verify_mesh_in_scope(Composed({Topo("thread", 128)}, 8, "(2,8):(32,1)"), {m}).empty());
  EXPECT_EQ(rule_of(verify_mesh_in_scope(Composed({Topo("thread", 128)}, 30, "(2,8):(32,1)"), {m})),
            "TIR.1.5.SYNC.forged-slice-offset");
  EXPECT_EQ(decompose_slice_offset(L("(4,32):(32,1)"), {2, 8}, 72).value(),
            (std::vector<std::int64_t>{2, 8}));
  EXPECT_EQ(decompose_slice_offset(L("(4,32):(32,1)"), {2, 8}, 30).value(), std::nullopt);
}

// covers: TIR.1.5.SYNC.forged-slice-topology
TEST(SliceVerify, ForgedTopology) {
  const Mesh m = testing::seed_m();
  const Mesh s = S(m, {R(1, 3), kAll});
  auto bigger = Composed({Topo("thread", 256)}, 32, "(2,32):(32,1)");
  auto d = verify_mesh_in_scope(bigger, {m});
  ASSERT_EQ(d.size(), 1u);
  EXPECT_EQ(d[0].rule_id, "TIR.1.5.SYNC.forged-slice-topology");
  EXPECT_NE(d[0].message.find("the topology tuples differ"), std::string::npos);
  EXPECT_EQ(rule_of(verify_mesh_in_scope(Composed({Topo("lane", 128)}, 32, "(2,32):(32,1)"), {m})),
            "TIR.1.5.SYNC.forged-slice-topology");
  // Renamed axes.
  EXPECT_EQ(rule_of(verify_mesh_in_scope(
                Composed({Topo("thread", 128)}, 32, "(2,32):(32,1)", {"w", "l"}), {m})),
            "TIR.1.5.SYNC.forged-slice-topology");
  // No mesh in scope, and a sliced "enclosing" mesh.
  EXPECT_EQ(rule_of(verify_mesh_in_scope(s, {})), "TIR.1.5.SYNC.forged-slice-topology");
  EXPECT_EQ(rule_of(verify_mesh_in_scope(s, {s})), "TIR.1.5.SYNC.forged-slice-topology");
  EXPECT_TRUE(verify_mesh_in_scope(s, {s, m}).empty());
}

// covers: TIR.1.5.SYNC.dynamic-mesh-rejected
TEST(SliceVerify, SymbolicSliceRejected) {
  auto sym_topo = Topology::make("thread", IntTuple(IntSymbol{"N", 1, 1025})).value();
  auto e = Mesh::make({sym_topo}, L("(4,32):(32,1)")).value();
  auto s =
      Mesh::make({sym_topo}, ComposedLayout::make(std::nullopt, 32, L("(2,32):(32,1)")).value())
          .value();
  EXPECT_EQ(rule_of(verify_mesh_in_scope(s, {e})), "TIR.1.5.SYNC.dynamic-mesh-rejected");
}

}  // namespace
}  // namespace tf
