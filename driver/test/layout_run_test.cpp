// run_layout (driver/layout_run.h): what `tf layout` and the Python module's layout_json show.
#include "driver/layout_run.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cstdio>
#include <fstream>
#include <sstream>

#include "driver/report.h"

namespace tf::cli {
namespace {

struct LayoutRun {
  int code;
  std::string out, err;
  nlohmann::json json() const { return nlohmann::json::parse(out); }
};

LayoutRun layout(LayoutRequest r) {
  std::ostringstream out, err;
  int code = run_layout(r, out, err);
  return {code, out.str(), err.str()};
}

const std::string kWarp = R"(warp=Mesh((Topology("thread", 32),), Layout((4, 8), (8, 1))))";
const std::string kBlock = R"(block=Mesh((Topology("thread", 128),), Layout((4, 32), (32, 1))))";

TEST(TfLayout, ColumnMajorTableAsCuTePrintsIt) {
  LayoutRun r = layout({.expression = "Layout((4, 8), (1, 4))"});
  ASSERT_EQ(r.code, kExitOk) << r.err;
  EXPECT_EQ(r.out,
            "Layout((4, 8), (1, 4))  (layout)\n"
            "size 32, cosize 32, injective\n"
            "coordinate -> offset\n"
            "      0  1  2  3  4  5  6  7\n"
            "  0:  0  4  8 12 16 20 24 28\n"
            "  1:  1  5  9 13 17 21 25 29\n"
            "  2:  2  6 10 14 18 22 26 30\n"
            "  3:  3  7 11 15 19 23 27 31\n");
}

// Issue 42, item 8: "not injective" came without the two coordinates that collide, which tf check
// names for the same layout (docs/tutorial.md, section 2): the size line now gives them.
TEST(TfLayout, ANonInjectiveLayoutNamesTwoCoordinatesThatCollide) {
  LayoutRun r = layout({.expression = "Layout((4, 8), (1, 2))"});
  ASSERT_EQ(r.code, kExitOk) << r.err;
  EXPECT_EQ(r.out.substr(0, r.out.find("coordinate -> offset")),
            "Layout((4, 8), (1, 2))  (layout)\n"
            "size 32, cosize 18, not injective: the coordinates (2, 0) and (0, 1) both map to offset 2\n");
  // A stride-0 mode: index 0 and one step along it.
  LayoutRun zero = layout({.expression = "Layout((2, 3), (1, 0))"});
  EXPECT_NE(zero.out.find("size 6, cosize 2, not injective: the coordinates (0, 0) and (0, 1) both map to offset 0\n"),
            std::string::npos)
      << zero.out;
}

TEST(TfLayout, JsonOffsetsAreColexicographic) {
  nlohmann::json j = layout({.expression = "Layout(((2, 2), 2), ((1, 4), 2))", .json = true}).json();
  EXPECT_EQ(j["size"], 8);
  EXPECT_EQ(j["cosize"], 8);
  EXPECT_EQ(j["injective"], true);
  EXPECT_EQ(j["offsets"], nlohmann::json({0, 1, 4, 5, 2, 3, 6, 7}));
  nlohmann::json k = layout({.expression = "Layout((4, 2), (1, 1))", .json = true}).json();
  EXPECT_EQ(k["injective"], false);
  EXPECT_EQ(k["cosize"], 5);
}

TEST(TfLayout, ComposedLayoutOffsets) {
  nlohmann::json j = layout({.expression = "ComposedLayout(inner=None, offset=32, outer=Layout((2, 4), (4, 1)))",
                             .json = true})
                         .json();
  EXPECT_EQ(j["kind"], "composed layout");
  EXPECT_EQ(j["offsets"], nlohmann::json({32, 36, 33, 37, 34, 38, 35, 39}));
}

// covers: TIR.1.5.SYNC.participant-indices, TIR.1.5.BARRIER.lane-subset
TEST(TfLayout, WarpSliceMapsToSyncwarpWithMask) {
  nlohmann::json j = layout({.expression = "warp[0:2, :]", .definitions = {kWarp}, .json = true}).json();
  EXPECT_EQ(j["kind"], "mesh");
  EXPECT_EQ(j["participants"].size(), 16u);
  EXPECT_EQ(j["participants"][15], 15);
  EXPECT_EQ(j["barrier"], nlohmann::json::parse(
                              R"({"kind": "syncwarp_mask", "base": 0, "count": 16, "mask": "0x0000ffff"})"));
}

// covers: TIR.1.5.BARRIER.multi-warp-subset
TEST(TfLayout, WarpAlignedSliceOfABlockIsANamedBarrier) {
  nlohmann::json j = layout({.expression = "block[1:3, :]", .definitions = {kBlock}, .json = true}).json();
  EXPECT_EQ(j["participants"].front(), 32);
  EXPECT_EQ(j["participants"].back(), 95);
  EXPECT_EQ(j["barrier"]["kind"], "named");
  EXPECT_EQ(j["barrier"]["base"], 32);
  EXPECT_EQ(j["barrier"]["count"], 64);
}

// covers: TIR.1.5.SYNC.unaligned-cross-warp-rejected
TEST(TfLayout, UnalignedCrossWarpSliceHasNoBarrierAndSaysWhy) {
  LayoutRun r = layout({.expression = "Mesh((Topology(\"thread\", 128),), Layout((128,), (1,)))[16:48]",
                        .json = true});
  ASSERT_EQ(r.code, kExitOk) << r.err;
  nlohmann::json j = r.json();
  EXPECT_EQ(j["barrier"], nullptr);
  EXPECT_EQ(j["barrier_error"]["rule"], "TIR.1.5.SYNC.unaligned-cross-warp-rejected");
}

TEST(TfLayout, ShardLayoutShowsOwnersUnderBlockedPlacement) {
  nlohmann::json j =
      layout({.expression = "ShardLayout(layout=Layout((4, 8), (8, 1)), attrs=(S(1), S(0)), "
                            "mesh=Mesh((Topology(\"thread\", 8),), Layout((2, 4), (4, 1))))",
              .json = true})
          .json();
  EXPECT_EQ(j["kind"], "shard layout");
  EXPECT_EQ(j["injective"], true);
  // Rows are layout axis 0 (bound to mesh axis 1, device stride 1); columns 0-3 / 4-7 are the
  // two blocks of axis 1 (bound to mesh axis 0, device stride 4).
  std::vector<int> expected;
  for (int c = 0; c < 8; ++c)
    for (int r = 0; r < 4; ++r) expected.push_back(r + (c / 4) * 4);
  EXPECT_EQ(j["owners"], nlohmann::json(expected));
}

// covers: TYPES.2.TENSOR.injective-layout
TEST(TfLayout, D8StrideZeroSplitIsLegalAndUnboundStrideZeroIsNot) {
  const std::string cta = R"(cta=Mesh((Topology("cta", 128),), Layout((128,), (1,))))";
  LayoutRun ok = layout({.expression = "ShardLayout(layout=Layout((128, 12), (0, 1)), attrs=(S(0),), mesh=cta)",
                         .definitions = {cta}, .json = true});
  EXPECT_EQ(ok.code, kExitOk) << ok.err;
  LayoutRun bad = layout({.expression = "ShardLayout(layout=Layout((128, 12), (1, 0)), attrs=(S(0),), mesh=cta)",
                          .definitions = {cta}});
  EXPECT_EQ(bad.code, kExitBadInput);
  EXPECT_NE(bad.err.find("error[TYPES.2.TENSOR.injective-layout]"), std::string::npos) << bad.err;
  EXPECT_NE(bad.err.find("EXPR:1:1:"), std::string::npos) << bad.err;
}

TEST(TfLayout, BadInputIsPositionedAndExitsTwo) {
  LayoutRun rank = layout({.expression = "Layout((4, 8), (1,))"});
  EXPECT_EQ(rank.code, kExitBadInput);
  EXPECT_NE(rank.err.find("EXPR:1:1: error[type]"), std::string::npos) << rank.err;
  LayoutRun parse = layout({.expression = "Layout((4, 8)"});
  EXPECT_EQ(parse.code, kExitBadInput);
  EXPECT_NE(parse.err.find("EXPR:1:14: error[parse]"), std::string::npos) << parse.err;
  LayoutRun undeclared = layout({.expression = "warp[0:16]"});
  EXPECT_NE(undeclared.err.find("'warp' is not declared"), std::string::npos);
  LayoutRun slice = layout({.expression = "warp[0:16]", .definitions = {kWarp}});
  EXPECT_EQ(slice.code, kExitBadInput);  // axis 0 of this warp has extent 4
  LayoutRun def = layout({.expression = "x", .definitions = {"1x=Layout((2,),(1,))"}});
  EXPECT_NE(def.err.find("is not NAME=EXPR"), std::string::npos);
  LayoutRun kind = layout({.expression = "Mesh((Topology(\"thread\", 4),), Mesh((Topology(\"thread\", 4),), Layout((4,),(1,))))"});
  EXPECT_NE(kind.err.find("a mesh layout is a Layout or a ComposedLayout, found a mesh"), std::string::npos);
}

TEST(TfLayout, SvgHasOneCellPerElement) {
  const std::string path = ::testing::TempDir() + "tf_layout_test.svg";
  LayoutRun r = layout({.expression = "Layout((2, 3), (3, 1))", .svg_path = path});
  ASSERT_EQ(r.code, kExitOk) << r.err;
  std::ifstream in(path);
  std::stringstream svg;
  svg << in.rdbuf();
  const std::string s = svg.str();
  std::size_t cells = 0;
  for (std::size_t p = s.find("stroke=\"black\""); p != std::string::npos; p = s.find("stroke=\"black\"", p + 1)) ++cells;
  EXPECT_EQ(cells, 6u);
  EXPECT_NE(s.find(">Layout((2, 3), (3, 1))</text>"), std::string::npos);
  std::remove(path.c_str());
}

// ---- the layout algebra ----

TEST(TfLayout, AnAlgebraCallShowsTheCallAndTheResultLikeAnyLayout) {
  LayoutRun r = layout({.expression = "blocked_product(A, Layout((3, 4), (1, 3)))",
                        .definitions = {"A=Layout((2, 5), (5, 1))"}});
  ASSERT_EQ(r.code, kExitOk) << r.err;
  EXPECT_EQ(r.out.substr(0, r.out.find("coordinate")),
            "blocked_product(A, Layout((3, 4), (1, 3))) =\n"
            "Layout(((2, 3), (5, 4)), ((5, 10), (1, 30)))  (layout)\n"
            "size 120, cosize 120, injective\n");
}

TEST(TfLayout, JsonOfAnAlgebraCallNamesTheCall) {
  nlohmann::json j =
      layout({.expression = "zipped_divide(Layout((9, (4, 8)), (59, (13, 1))), (Layout(3, 3), "
                            "Layout((2, 4), (1, 8))))",
              .json = true})
          .json();
  EXPECT_EQ(j["kind"], "layout");
  EXPECT_EQ(j["call"], "zipped_divide(Layout((9, (4, 8)), (59, (13, 1))), (Layout(3, 3), "
                       "Layout((2, 4), (1, 8))))");
  EXPECT_EQ(j["expr"], "Layout(((3, (2, 4)), (3, (2, 2))), ((177, (13, 2)), (59, (26, 1))))");
  EXPECT_EQ(j["size"], 288);
  nlohmann::json plain = layout({.expression = "Layout(4, 1)", .json = true}).json();
  EXPECT_FALSE(plain.contains("call"));
}

TEST(TfLayout, AlgebraCallsNestAndTakeDefinedNames) {
  // composition(A, right_inverse(A)) is the identity on A's image.
  nlohmann::json j = layout({.expression = "coalesce(composition(A, right_inverse(A)))",
                             .definitions = {"A=Layout((4, 8), (8, 1))"},
                             .json = true})
                         .json();
  EXPECT_EQ(j["expr"], "Layout(32, 1)");
  nlohmann::json k = layout({.expression = "complement(Layout(4, 2), 24)", .json = true}).json();
  EXPECT_EQ(k["expr"], "Layout((2, 3), (1, 8))");
  nlohmann::json f = layout({.expression = "filter(Layout((2, 4, 3), (0, 1, 4)))", .json = true}).json();
  EXPECT_EQ(f["expr"], "Layout(12, 1)");
  // A definition may itself be an algebra call.
  nlohmann::json d = layout({.expression = "T",
                             .definitions = {"T=logical_product(Layout((2, 2), (4, 1)), Layout(6, 1))"},
                             .json = true})
                         .json();
  EXPECT_EQ(d["expr"], "Layout(((2, 2), (2, 3)), ((4, 1), (2, 8)))");
}

TEST(TfLayout, BadAlgebraCallsArePlacedDiagnosticsWithExitTwo) {
  LayoutRun arity = layout({.expression = "composition(Layout(4, 1))"});
  EXPECT_EQ(arity.code, kExitBadInput);
  EXPECT_EQ(arity.err, "tf: EXPR:1:1: error[parse]: composition takes 2 operands, got 1\n");
  LayoutRun kind = layout({.expression = "coalesce(ComposedLayout(inner=None, offset=1, outer=Layout(4, 1)))"});
  EXPECT_EQ(kind.code, kExitBadInput);
  EXPECT_NE(kind.err.find("EXPR:1:10: error[parse]: ComposedLayout(inner=None, offset=1, "
                          "outer=Layout(4, 1)) is a composed layout; the layout algebra takes "
                          "plain Layouts"),
            std::string::npos)
      << kind.err;
  LayoutRun empty = layout({.expression = "zipped_divide(Layout(8, 1), ())"});
  EXPECT_EQ(empty.code, kExitBadInput);
  EXPECT_NE(empty.err.find("EXPR:1:29: error[parse]: a tiler tuple holds at least one tiler"), std::string::npos)
      << empty.err;
  LayoutRun longer = layout({.expression = "tiled_divide(Layout(8, 1), (2, 2))"});
  EXPECT_EQ(longer.code, kExitBadInput);
  EXPECT_NE(longer.err.find("error[type]: logical_divide: a tiler of 2 modes, (Layout(2, 1), Layout(2, 1)), for "
                            "Layout(8, 1) of rank 1"),
            std::string::npos)
      << longer.err;
  LayoutRun blocked = layout({.expression = "blocked_product(Layout(4, 1), (2, 2))"});  // two Layouts, as in CuTe
  EXPECT_EQ(blocked.code, kExitBadInput);
  LayoutRun refused = layout({.expression = "composition(Layout((5, 3), (7, 1)), Layout(7, 1))"});
  EXPECT_EQ(refused.code, kExitBadInput);
  EXPECT_NE(refused.err.find("EXPR:1:1: error[type]: composition(Layout((5, 3), (7, 1)), "
                             "Layout(7, 1)): shape divisibility condition violated"),
            std::string::npos)
      << refused.err;
}

// Issue 42: the divide and product family takes every tiler form CuTe and pycute take (a Layout,
// an integer, a Shape, a tuple mixing them, `_` / None), with pycute's results in the project's
// spelling. Before, all but a parenthesised tuple of layouts were refused.
TEST(TfLayout, TheDivideAndProductFamilyTakesEveryTilerFormOfCuTe) {
  const auto expr = [](std::string expression, std::vector<std::string> definitions = {}) {
    LayoutRun r = layout({.expression = std::move(expression), .definitions = std::move(definitions), .json = true});
    EXPECT_EQ(r.code, kExitOk) << r.err;
    return r.code == kExitOk ? r.json()["expr"].get<std::string>() : r.err;
  };
  // A Layout tiler: the whole of A, as CuTe users write it.
  EXPECT_EQ(expr("zipped_divide(Layout((8, 4), (4, 1)), Layout(4, 1))"), "Layout((4, (2, 4)), (4, (16, 1)))");
  EXPECT_EQ(expr("tiled_divide(Layout((8, 4), (4, 1)), Layout(4, 1))"), "Layout((4, 2, 4), (4, 16, 1))");
  EXPECT_EQ(expr("tiled_divide(Layout(8, 1), Layout(2, 1))"), "Layout((2, 4), (1, 2))");
  EXPECT_EQ(expr("flat_divide(Layout((4, 2, 3), (2, 1, 8)), Layout(4, 2))"), "Layout((2, 2, 2, 3), (4, 1, 2, 8))");
  EXPECT_EQ(expr("zipped_product(Layout((2, 2), (4, 1)), Layout(6, 1))"), "Layout(((2, 2), (2, 3)), ((4, 1), (2, 8)))");
  EXPECT_EQ(expr("tiled_product(Layout((2, 2), (4, 1)), Layout(6, 1))"), "Layout(((2, 2), 2, 3), ((4, 1), 2, 8))");
  // The tiler may itself be a call or a defined name.
  EXPECT_EQ(expr("zipped_divide(A, coalesce(Layout((2, 2), (1, 2))))", {"A=Layout((8, 4), (4, 1))"}),
            "Layout((4, (2, 4)), (4, (16, 1)))");
  // A Shape: n:1 mode by mode; an integer: n:1 on the whole of A; nested shapes divide inside a mode.
  EXPECT_EQ(expr("zipped_divide(Layout((8, 6), (1, 8)), (2, 3))"), "Layout(((2, 3), (4, 2)), ((1, 8), (2, 24)))");
  EXPECT_EQ(expr("tiled_divide(Layout((8, 6), (1, 8)), (2, 3))"), "Layout(((2, 3), 4, 2), ((1, 8), 2, 24))");
  EXPECT_EQ(expr("flat_divide(Layout((8, 6), (1, 8)), 4)"), "Layout((4, 12), (1, 4))");
  EXPECT_EQ(expr("zipped_divide(Layout(((4, 2), 6), ((1, 4), 8)), ((2, 2), 3))"),
            "Layout((((2, 2), 3), ((2, 1), 2)), (((1, 4), 8), ((2, 0), 24)))");
  EXPECT_EQ(expr("logical_product(Layout((2, 2), (4, 1)), (2, 3))"), "Layout(((2, 2), (2, 3)), ((4, 1), (1, 2)))");
  // Tuples of layouts, mixed with integers and kept modes.
  EXPECT_EQ(expr("tiled_product(Layout((2, 3), (3, 1)), (Layout(2, 1), Layout(4, 2)))"),
            "Layout(((2, 3), 2, 4), ((3, 1), 1, 6))");
  EXPECT_EQ(expr("logical_divide(A, (Layout(2, 1), 3))", {"A=Layout((8, 6), (1, 8))"}),
            "Layout(((2, 4), (3, 2)), ((1, 2), (8, 24)))");
  EXPECT_EQ(expr("zipped_divide(Layout((8, 6), (1, 8)), (_, Layout(3, 2)))"),
            "Layout(((1, 3), (8, 2)), ((0, 16), (1, 8)))");
  EXPECT_EQ(expr("zipped_divide(Layout((8, 6), (1, 8)), (None, Layout(3, 2)))"),
            "Layout(((1, 3), (8, 2)), ((0, 16), (1, 8)))");
}

// Definitions that each square the one before double the modes: 20 of them (700 bytes of
// arguments) ran more than 20 s and 665 MB; a result of more than 4,096 modes is refused.
TEST(TfLayout, AlgebraResultsHoldAtMost4096Modes) {
  LayoutRequest r{.expression = "A20"};
  r.definitions.push_back("A0=Layout((1, 1), (0, 0))");
  for (int i = 1; i <= 20; ++i)
    r.definitions.push_back("A" + std::to_string(i) + "=logical_product(A" + std::to_string(i - 1) +
                            ", A" + std::to_string(i - 1) + ")");
  const LayoutRun run = layout(r);
  EXPECT_EQ(run.code, 2);
  EXPECT_NE(run.err.find("logical_product gives a layout of 8192 modes, more than tf layout "
                         "computes with (4096)"),
            std::string::npos)
      << run.err;
}

}  // namespace
}  // namespace tf::cli
