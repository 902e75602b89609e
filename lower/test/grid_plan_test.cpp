// The grid rule's plan: its geometry for sizes at every boundary, and which functions it takes
// (elementwise over one static shape) and leaves to the serial rule.
#include "lower/grid_plan.h"

#include <gtest/gtest.h>

#include "ir/core/tuple.h"
#include "ir/text/file_reader.h"
#include "ir/text/standard_context.h"

namespace tf::lower {
namespace {

GridGeometry geometry(std::int64_t ctas, std::int64_t threads, std::int64_t k, std::int64_t main, std::int64_t tail) {
  return GridGeometry{ctas, threads, k, main, tail};
}

TEST(GridGeometry, ThreadsArePowersOfTwoAndCtasGrowPastEightElementsPerThread) {
  EXPECT_EQ(grid_geometry(1), geometry(1, 1, 1, 1, 0));
  EXPECT_EQ(grid_geometry(6), geometry(1, 4, 1, 4, 2));
  EXPECT_EQ(grid_geometry(17), geometry(1, 16, 1, 16, 1));
  EXPECT_EQ(grid_geometry(32), geometry(1, 32, 1, 32, 0));
  EXPECT_EQ(grid_geometry(255), geometry(1, 128, 1, 128, 127));
  EXPECT_EQ(grid_geometry(256), geometry(1, 256, 1, 256, 0));
  EXPECT_EQ(grid_geometry(4095), geometry(1, 256, 15, 3840, 255));
  EXPECT_EQ(grid_geometry(4500), geometry(2, 256, 8, 4096, 404));
  EXPECT_EQ(grid_geometry(1 << 20), geometry(64, 256, 64, 1 << 20, 0));
  EXPECT_EQ(grid_geometry(1000003), geometry(64, 256, 61, 999424, 579));
}

TEST(GridGeometry, TheTailIsShorterThanTheGridForEverySize) {
  for (std::int64_t n = 1; n <= 5000; ++n) {
    const GridGeometry g = grid_geometry(n);
    ASSERT_EQ(g.main, g.ctas * g.threads * g.per_thread) << n;
    ASSERT_EQ(g.main + g.tail, n) << n;
    ASSERT_GE(g.per_thread, 1) << n;
    ASSERT_LT(g.tail, g.ctas * g.threads) << n;
    ASSERT_LE(g.threads, 256) << n;
  }
}

// The plan of function `fn` of `source`, whose results are its body (or the body's tuple).
std::optional<GridPlan> plan_of(const std::string& source) {
  Result<text::ReadFile> f = text::read_file(source, "t.tfir", text::standard_context());
  EXPECT_TRUE(f.ok());
  if (!f.ok()) return std::nullopt;
  const auto* fn = dynamic_cast<const hir::Function*>(f->module->functions().front().get());
  EXPECT_NE(fn, nullptr);
  std::vector<Expr> results{fn->body()};
  if (const Tuple* t = fn->body()->as<Tuple>()) results = t->elements;
  return plan_grid(*fn, results);
}

TEST(GridPlan, ElementwiseBodiesWithScalarsArePlannedOverTheirShape) {
  const std::optional<GridPlan> p = plan_of(R"(tfir 1
func f(x: Tensor[(3, 7), f32], s: Tensor[(), f32]) -> Tuple[Tensor[(3, 7), f32], Tensor[(3, 7), bf16]] {
    two = 2.0
    t = mul(x, s)
    u = add(t, two)
    b = cast(u, dtype=bf16)
    return (t, b)
}
)");
  ASSERT_TRUE(p.has_value());
  EXPECT_EQ(p->geometry, geometry(1, 16, 1, 16, 5));
  EXPECT_EQ(p->mesh_name, "lower_grid_1x16");
  EXPECT_EQ(p->layout_name, "lower_grid_1x16_1");
  EXPECT_EQ(to_string(LayoutBase(p->layout)),
            "ShardLayout(layout=Layout((1, 16, 1), (0, 0, 1)), attrs=(S(0), S(1)), mesh=Mesh((Topology(\"cta\", 1), "
            "Topology(\"thread\", 16)), Layout((1, 16), (16, 1)), names=(\"c\", \"t\")))");
}

TEST(GridPlan, BroadcastsReductionsViewsAndSymbolicShapesAreLeftToTheSerialRule) {
  EXPECT_FALSE(plan_of(R"(tfir 1
func f(x: Tensor[(3, 4), f32], y: Tensor[(4,), f32]) -> Tensor[(3, 4), f32] {
    t = add(x, y)
    return t
}
)"));
  EXPECT_FALSE(plan_of(R"(tfir 1
func f(x: Tensor[(3, 4), f32]) -> Tensor[(3,), f32] {
    s = reduce(x, axes=(1,), keepdim=false, kind=sum)
    return s
}
)"));
  EXPECT_FALSE(plan_of(R"(tfir 1
func f(x: Tensor[(4, 4), f32]) -> Tensor[(4, 4), f32] {
    t = transpose(x, perm=(1, 0))
    u = add(t, x)
    return u
}
)"));
  EXPECT_FALSE(plan_of(R"(tfir 1
dim N = DimVar("N", 1, 8)
func f(x: Tensor[(N,), f32]) -> Tensor[(N,), f32] {
    y = neg(x)
    return y
}
)"));
  EXPECT_FALSE(plan_of(R"(tfir 1
func f(x: Tensor[(4,), f32]) -> Tuple[Tensor[(4,), f32], Tensor[(), f32]] {
    y = neg(x)
    s = reduce(x, axes=(0,), keepdim=false, kind=sum)
    return (y, s)
}
)"));
}

}  // namespace
}  // namespace tf::lower
