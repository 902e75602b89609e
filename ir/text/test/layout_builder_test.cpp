#include "ir/text/layout_builder.h"

#include <gtest/gtest.h>

#include "ir/text/expression_parser.h"

namespace tf::text {
namespace {

Result<LayoutValue> build(std::string_view src, const LayoutEnvironment& env = {}) {
  Result<Syntax> syntax = parse_expression(src, "b");
  if (!syntax) return syntax.diagnostics();
  return build_layout_value(**syntax, env);
}

TEST(LayoutBuilder, PrintedValuesReadBackEqual) {
  for (const char* src :
       {"Layout(((2, 2), 8), ((1, 16), 2))", "Layout((4, 8), None)",
        "ComposedLayout(inner=None, offset=32, outer=Layout((2, 32), (32, 1)))",
        "Mesh((Topology(\"cta\", 4), Topology(\"thread\", 128)), Layout((4, 4, 32), (128, 32, 1)), "
        "names=(\"c\", \"w\", \"l\"))",
        // Names holding a quote or a backslash are escaped by the printers.
        "Mesh((Topology(\"a\\\"b\", 4),), Layout((4,), (1,)), names=(\"x\\\\y\",))"}) {
    Result<LayoutValue> v = build(src);
    ASSERT_TRUE(v.ok()) << src << ": " << v.diagnostics()[0].render();
    const std::string printed = to_string(*v);
    Result<LayoutValue> again = build(printed);
    ASSERT_TRUE(again.ok()) << printed << ": " << again.diagnostics()[0].render();
    EXPECT_EQ(*v, *again) << printed;
  }
}

TEST(LayoutBuilder, NamesResolveInTheEnvironment) {
  LayoutEnvironment env;
  env.declare("cta1", build("Mesh((Topology(\"cta\", 128),), Layout((128,), (1,)))").value());
  Result<LayoutValue> shard =
      build("ShardLayout(layout=Layout((128, 12), (0, 1)), attrs=(S(0),), mesh=cta1)", env);
  ASSERT_TRUE(shard.ok()) << shard.diagnostics()[0].render();
  EXPECT_STREQ(layout_value_kind(*shard), "shard layout");
  Result<LayoutValue> missing = build("warp[0:16]", env);
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.diagnostics()[0].render(),
            "b:1:1: error[parse]: 'warp' is not declared (declare a mesh or layout before using it)");
}

TEST(LayoutBuilder, ArgumentErrorsPointAtTheArgument) {
  EXPECT_EQ(build("Layout((4,), (1,), (2,))").diagnostics()[0].render(),
            "b:1:20: error[parse]: Layout takes at most 2 positional arguments");
  EXPECT_EQ(build("Layout(shape=(4,), strides=(1,))").diagnostics()[0].render(),
            "b:1:28: error[parse]: Layout has no argument 'strides'\nnote: did you mean: stride");
  EXPECT_EQ(build("ShardLayout(layout=Layout((4,), (1,)), attrs=(Q(0),), mesh=m)").diagnostics()[0].render(),
            "b:1:47: error[parse]: 'Q' is not a shard attribute (S, B, P, Dynamic)");
  EXPECT_EQ(build("Mesh((Topology(\"t\", 4),))").diagnostics()[0].render(),
            "b:1:1: error[parse]: Mesh needs the argument 'layout'");
}

// Issue 42: an unknown mesh axis, layout name or argument gets the nearest names in a note.
TEST(LayoutBuilder, UnknownNamesSuggestTheNearest) {
  LayoutEnvironment env;
  env.declare("tile", build("Mesh((Topology(\"thread\", 128),), Layout((4, 32), (32, 1)), "
                            "names=(\"warp\", \"lane\"))")
                          .value());
  EXPECT_EQ(build("tile[lanes=3]", env).diagnostics()[0].render(),
            "b:1:12: error[parse]: 'lanes' is not an axis of the mesh; its axes are (warp, lane)\n"
            "note: did you mean: lane");
  EXPECT_EQ(build("tiles[0, :]", env).diagnostics()[0].render(),
            "b:1:1: error[parse]: 'tiles' is not declared (declare a mesh or layout before using it)\n"
            "note: did you mean: tile");
}

// Issue: robust against every input, class 6. A keyword item names a mesh axis; it slices as
// the positional key at that axis would, and a name the mesh does not have is refused.
TEST(LayoutBuilder, MeshSlicesTakeAxisNames) {
  LayoutEnvironment env;
  env.declare("grid", build("Mesh((Topology(\"cta\", 4), Topology(\"thread\", 128)), "
                            "Layout((4, 4, 32), (128, 32, 1)), names=(\"c\", \"w\", \"l\"))")
                          .value());
  env.declare("plain", build("Mesh((Topology(\"thread\", 32),), Layout((4, 8), (8, 1)))").value());
  const LayoutValue by_name = build("grid[w=1]", env).value();
  EXPECT_EQ(by_name, build("grid[:, 1]", env).value());
  EXPECT_NE(by_name, build("grid", env).value());
  EXPECT_EQ(build("grid[0, l=3]", env).value(), build("grid[0, :, 3]", env).value());
  EXPECT_EQ(build("grid[c=1]", env).diagnostics().size(), 0u);
  EXPECT_EQ(build("grid[q=1]", env).diagnostics()[0].render(),
            "b:1:8: error[parse]: 'q' is not an axis of the mesh; its axes are (c, w, l)");
  EXPECT_EQ(build("grid[1, c=2]", env).diagnostics()[0].render(),
            "b:1:11: error[parse]: axis 0 ('c') is keyed twice");
  EXPECT_EQ(build("plain[c=1]", env).diagnostics()[0].render(),
            "b:1:9: error[parse]: the mesh has no axis names, so 'c=' names no axis (declare it "
            "with names=(...))");
}

}  // namespace
}  // namespace tf::text
