// Topology, Mesh construction and printing, and the segmentation of a mesh into levels.
#include <gtest/gtest.h>

#include "ir/layout/mesh.h"
#include "ir/layout/mesh_levels.h"
#include "ir/layout/test/mesh_test_util.h"

namespace tf {
namespace {

using testing::Composed;
using testing::L;
using testing::M;
using testing::T;
using testing::Topo;

std::string first_message(const std::vector<Diagnostic>& d) {
  return d.empty() ? std::string() : d.front().message;
}

TEST(Topology, MakeAndReject) {
  auto t = Topology::make("thread", IntTuple(128)).value();
  EXPECT_EQ(t.name(), "thread");
  EXPECT_EQ(t.static_size(), 128);
  EXPECT_EQ(to_string(t), "Topology(\"thread\", 128)");
  auto n = Topology::make("cta", IntTuple(IntSymbol{"N", 1, 65})).value();
  EXPECT_FALSE(n.is_static());
  EXPECT_EQ(n.static_size(), std::nullopt);
  EXPECT_EQ(first_message(Topology::make("", IntTuple(4)).diagnostics()),
            "a Topology needs a non-empty level name");
  EXPECT_EQ(first_message(Topology::make("thread", IntTuple(0)).diagnostics()),
            "Topology(\"thread\", 0): the extent must be at least 1");
  EXPECT_EQ(first_message(Topology::make("thread", T("(2,2)")).diagnostics()),
            "Topology(\"thread\", (2, 2)): the extent must be one integer or symbol, not a tuple");
  EXPECT_FALSE(Topology::make("thread", IntTuple(IntSymbol{"N", 4, 4})).ok());
  EXPECT_FALSE(Topology::make("thread", IntTuple(IntSymbol{"N", std::nullopt, 1})).ok());
  EXPECT_FALSE(Topology::make("thread", IntTuple(IntSymbol{"", 1, 4})).ok());
}

// covers: TIR.1.5.SYNC.unsliced-plain-layout
TEST(Mesh, TfirSectionTwoMeshes) {
  const Mesh warp = testing::warp_mesh();
  EXPECT_FALSE(warp.is_sliced());
  EXPECT_TRUE(std::holds_alternative<Layout>(warp.layout()));
  EXPECT_EQ(warp.rank(), 2);
  EXPECT_EQ(warp.offset(), 0);
  EXPECT_EQ(to_string(warp), "Mesh((Topology(\"thread\", 32),), Layout((4, 8), (1, 4)))");
  const Mesh grid = testing::grid_mesh();
  EXPECT_EQ(to_string(grid),
            "Mesh((Topology(\"cta\", 4), Topology(\"thread\", 128)), Layout((4, 4, 32), "
            "(128, 32, 1)), names=(\"c\", \"w\", \"l\"))");
  EXPECT_EQ(grid.axis_named("w"), 1);
  EXPECT_EQ(grid.axis_named("x"), std::nullopt);
  EXPECT_EQ(topology_domain(grid).value(), 512);
  EXPECT_FALSE(is_thread_mesh(grid));
  EXPECT_FALSE(is_cta_mesh(grid));
  const Mesh cta1 = testing::cta1_mesh();
  EXPECT_EQ(to_string(cta1), "Mesh((Topology(\"cta\", 128),), Layout((128,), (1,)))");
  EXPECT_TRUE(is_cta_mesh(cta1));
  EXPECT_TRUE(is_thread_mesh(testing::seed_m()));
  // covers the block-domain rule: the product of the topology extents.
  EXPECT_EQ(topology_domain(testing::seed_m()).value(), 128);
}

// covers: TIR.1.5.SYNC.block-domain
TEST(Mesh, BlockDomainIsTheTopologyProduct) {
  EXPECT_EQ(topology_domain(M({Topo("thread", 128)}, "(4,32):(32,1)")).value(), 128);
  EXPECT_EQ(topology_domain(
                M({Topo("cta", 2), Topo("warp", 4), Topo("thread", 32)}, "(2,4,32):(128,32,1)"))
                .value(),
            256);
  auto sym = Mesh::make({Topology::make("thread", IntTuple(IntSymbol{"N", 1, 1025})).value()},
                        L("(4,32):(32,1)"))
                 .value();
  EXPECT_FALSE(is_static(sym));
  EXPECT_EQ(first_message(topology_domain(sym).diagnostics()),
            "Mesh((Topology(\"thread\", N),), Layout((4, 32), (32, 1))): the extent N of topology "
            "\"thread\" is symbolic; a static topology domain is needed");
}

TEST(Mesh, StructuralChecks) {
  auto no_topology = Mesh::make({}, L("4:1"));
  EXPECT_EQ(first_message(no_topology.diagnostics()), "a Mesh needs at least one Topology");
  auto twice = Mesh::make({Topo("thread", 4), Topo("thread", 4)}, L("(4,4):(4,1)"));
  EXPECT_EQ(first_message(twice.diagnostics()),
            "Mesh names the topology \"thread\" twice; topology names in one mesh must be "
            "distinct");
  auto nested = Mesh::make({Topo("thread", 32)}, L("((2,2),8):((1,2),4)"));
  EXPECT_EQ(first_message(nested.diagnostics()),
            "Mesh layout Layout(((2, 2), 8), ((1, 2), 4)): axis 0 is the nested mode "
            "Layout((2, 2), (1, 2)); a mesh axis has one extent and one stride");
  auto no_outer =
      Mesh::make({Topo("thread", 4)}, ComposedLayout::make(L("4:1"), 0, std::nullopt).value());
  EXPECT_EQ(first_message(no_outer.diagnostics()),
            "Mesh layout ComposedLayout(inner=Layout(4, 1), offset=0, outer=None) has no outer "
            "layout, so the mesh has no axes");
  EXPECT_EQ(first_message(Mesh::make({Topo("thread", 32)}, L("(4,8):(8,1)"), {"x"}).diagnostics()),
            "Mesh layout Layout((4, 8), (8, 1)) has 2 axes but 1 names are given");
  EXPECT_FALSE(Mesh::make({Topo("thread", 32)}, L("(4,8):(8,1)"), {"x", "x"}).ok());
  EXPECT_FALSE(Mesh::make({Topo("thread", 32)}, L("(4,8):(8,1)"), {"x", ""}).ok());
  // Inconsistent meshes are constructible: verification judges them.
  EXPECT_TRUE(Mesh::make({Topo("thread", 128)}, L("(64):(1)")).ok());
}

TEST(Mesh, EqualityIsStructural) {
  EXPECT_EQ(testing::seed_m(), M({Topo("thread", 128)}, "(4,32):(32,1)"));
  EXPECT_NE(testing::seed_m(), M({Topo("thread", 128)}, "(4,32):(1,4)"));
  EXPECT_NE(testing::seed_m(), M({Topo("thread", 128)}, "(4,32):(32,1)", {"w", "l"}));
  EXPECT_NE(testing::seed_m(), M({Topo("warp", 128)}, "(4,32):(32,1)"));
}

TEST(MeshLevels, GridSegmentsIntoCtaAndThread) {
  auto lv = levels(testing::grid_mesh()).value();
  ASSERT_EQ(lv.size(), 2u);
  EXPECT_EQ(lv[0].topology_index, 0);
  EXPECT_EQ(lv[0].first_axis, 0);
  EXPECT_EQ(lv[0].axis_count, 1);
  EXPECT_EQ(lv[0].positions_below, 128);
  EXPECT_EQ(lv[0].arrangement, L("(4):(1)"));
  EXPECT_EQ(lv[1].first_axis, 1);
  EXPECT_EQ(lv[1].axis_count, 2);
  EXPECT_EQ(lv[1].positions_below, 1);
  EXPECT_EQ(lv[1].arrangement, L("(4,32):(32,1)"));
  auto thread = level_named(testing::grid_mesh(), "thread").value();
  EXPECT_EQ(thread.first_axis, 1);
  EXPECT_EQ(first_message(level_named(testing::grid_mesh(), "warp").diagnostics()),
            "Mesh((Topology(\"cta\", 4), Topology(\"thread\", 128)), Layout((4, 4, 32), (128, 32, "
            "1)), names=(\"c\", \"w\", \"l\")) names no topology level \"warp\"");
}

TEST(MeshLevels, SingleLevelTakesEveryAxis) {
  auto lv = levels(testing::warp_mesh()).value();
  ASSERT_EQ(lv.size(), 1u);
  EXPECT_EQ(lv[0].axis_count, 2);
  EXPECT_EQ(lv[0].arrangement, L("(4,8):(1,4)"));
}

TEST(MeshLevels, StraddlingAxisIsRefused) {
  // cta 4 x thread 128 with an axis of 8 across the boundary.
  auto straddle = levels(M({Topo("cta", 4), Topo("thread", 128)}, "(8,64):(64,1)"));
  ASSERT_FALSE(straddle.ok());
  EXPECT_EQ(first_message(straddle.diagnostics()),
            "cannot segment Mesh((Topology(\"cta\", 4), Topology(\"thread\", 128)), Layout((8, "
            "64), (64, 1))) into its topology levels: axis 0 of extent 8 straddles the boundary "
            "of level \"cta\" (1 of its 4 positions are already taken); an axis is never divided "
            "between levels");
  // Inner level first: the first axis (32) does not fit level cta (4).
  EXPECT_FALSE(levels(M({Topo("cta", 4), Topo("thread", 128)}, "(32,4,4):(1,32,128)")).ok());
  // An extent that does not divide what remains.
  EXPECT_FALSE(levels(M({Topo("cta", 6), Topo("thread", 4)}, "(4,6):(6,1)")).ok());
}

TEST(MeshLevels, StridesMustDivideAndStayInTheLevel) {
  auto indivisible = levels(M({Topo("cta", 4), Topo("thread", 8)}, "(4,8):(12,1)"));
  ASSERT_FALSE(indivisible.ok());
  EXPECT_NE(first_message(indivisible.diagnostics()).find("is not a multiple of the 8 positions"),
            std::string::npos);
  // The thread axes are consistent in count but step out of their level.
  auto runs_across = levels(M({Topo("cta", 2), Topo("thread", 4)}, "(2,4):(4,2)"));
  ASSERT_FALSE(runs_across.ok());
  EXPECT_NE(first_message(runs_across.diagnostics()).find("runs across the level boundary"),
            std::string::npos);
  // Too few positions.
  auto short_level = levels(M({Topo("cta", 4), Topo("thread", 8)}, "(4,4):(8,1)"));
  ASSERT_FALSE(short_level.ok());
  EXPECT_EQ(first_message(short_level.diagnostics()),
            "cannot segment Mesh((Topology(\"cta\", 4), Topology(\"thread\", 8)), Layout((4, 4), "
            "(8, 1))) into its topology levels: the axes (4, 4) do not cover the topologies: "
            "level \"thread\" gets 4 of its 8 positions");
  // Symbolic multi-level meshes.
  auto sym =
      Mesh::make({Topo("cta", 4), Topology::make("thread", IntTuple(IntSymbol{"N"})).value()},
                 L("(4,N):(N,1)"));
  ASSERT_TRUE(sym.ok());
  EXPECT_FALSE(levels(*sym).ok());
}

TEST(MeshLevels, ExtentOneAxesJoinTheLevelBeingFilled) {
  auto lv = levels(M({Topo("cta", 2), Topo("thread", 4)}, "(1,2,1,4,1):(7,4,0,1,3)")).value();
  ASSERT_EQ(lv.size(), 2u);
  EXPECT_EQ(lv[0].axis_count, 3);  // (1, 2, 1): the trailing 1 stays with the level before it
  EXPECT_EQ(lv[0].arrangement, L("(1,2,1):(1,1,0)"));
  EXPECT_EQ(lv[1].axis_count, 2);  // (4, 1)
  EXPECT_EQ(lv[1].arrangement, L("(4,1):(1,3)"));
}

TEST(MeshLevels, SlicedMeshKeepsEachLevelsStart) {
  const Mesh g = testing::grid_mesh();
  const Mesh s = testing::S(g, {testing::R(1, 3), testing::kAll, testing::R(8, 16)});
  EXPECT_EQ(s.offset(), 128 + 8);
  auto lv = levels(s).value();
  ASSERT_EQ(lv.size(), 2u);
  EXPECT_EQ(lv[0].start, 1);
  EXPECT_EQ(lv[0].arrangement, L("(2):(1)"));
  EXPECT_EQ(lv[1].start, 8);
  EXPECT_EQ(lv[1].arrangement, L("(4,8):(32,1)"));
  // A forged slice whose thread axes run into the next CTA.
  auto forged = levels(Composed({Topo("cta", 4), Topo("thread", 128)}, 100, "(1,4,32):(128,32,1)"));
  EXPECT_FALSE(forged.ok());
}

}  // namespace
}  // namespace tf
