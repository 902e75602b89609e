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

TEST(GridGeometry, ACapOnRowsPerThreadTakesMoreCtas) {
  EXPECT_EQ(grid_geometry(4096, 1), geometry(16, 256, 1, 4096, 0));
  EXPECT_EQ(grid_geometry(4500, 3), geometry(5, 256, 3, 3840, 660));
  EXPECT_EQ(grid_geometry(4500, 8), grid_geometry(4500));  // k = 8 already
  EXPECT_EQ(grid_geometry(1 << 20, 1), geometry(4096, 256, 1, 1 << 20, 0));
  for (std::int64_t n = 1; n <= 3000; n += 7)
    for (std::int64_t cap : {1, 2, 5}) {
      const GridGeometry g = grid_geometry(n, cap);
      ASSERT_LE(g.per_thread, cap) << n;
      ASSERT_EQ(g.main + g.tail, n) << n;
      ASSERT_LT(g.tail, g.threads * g.per_thread) << n;  // fewer than one CTA's rows are left
    }
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
std::optional<GridPlan> plan_of(const std::string& source, std::string* why_not = nullptr) {
  Result<text::ReadFile> f = text::read_file(source, "t.tfir", text::standard_context());
  EXPECT_TRUE(f.ok());
  if (!f.ok()) return std::nullopt;
  const auto* fn = f->module->functions().front()->as<hir::Function>();
  EXPECT_NE(fn, nullptr);
  std::vector<Expr> results{fn->body()};
  if (const Tuple* t = fn->body()->as<Tuple>()) results = t->elements;
  return plan_grid(*fn, results, why_not);
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
  EXPECT_EQ(p->rows.size(), 2u);  // every element is a row
  ASSERT_EQ(p->trailing, (std::vector<std::vector<std::int64_t>>{{}}));
  EXPECT_EQ(p->layout_name({}), "lower_grid_1x16_1");
  EXPECT_EQ(to_string(LayoutBase(p->layout_for({}))),
            "ShardLayout(layout=Layout((1, 16, 1), (0, 0, 1)), attrs=(S(0), S(1)), mesh=Mesh((Topology(\"cta\", 1), "
            "Topology(\"thread\", 16)), Layout((1, 16), (16, 1)), names=(\"c\", \"t\")))");
}

// A leading DimVar axis: a grid-stride loop whose geometry comes from the DimVar's largest value
// (T up to 256, G up to 8, one row per thread per step); a reduction across the rows or an output
// computed once for every row has no such plan.
TEST(GridPlan, ALeadingDimVarGetsAGridStrideLoop) {
  const std::optional<GridPlan> p = plan_of(R"(tfir 1
dim B = DimVar("B", 1, 1025)
func f(x: Tensor[(B, 64), f32]) -> Tensor[(B, 64), f32] {
    y = softmax(x, axis=1)
    return y
}
)");
  ASSERT_TRUE(p.has_value());
  EXPECT_TRUE(p->strided);
  EXPECT_EQ(p->geometry.threads, 256);
  EXPECT_EQ(p->geometry.ctas, 1);  // 1024 / (8 * 256) rounds to 0: at least 1
  EXPECT_EQ(p->geometry.per_thread, 1);
  EXPECT_EQ(p->trailing, (std::vector<std::vector<std::int64_t>>{{64}, {1}}));
  const std::optional<GridPlan> wide = plan_of(R"(tfir 1
dim B = DimVar("B", 1, 1000001)
func f(x: Tensor[(B, 8), bf16]) -> Tensor[(B, 8), bf16] {
    y = neg(x)
    return y
}
)");
  ASSERT_TRUE(wide.has_value());
  EXPECT_EQ(wide->geometry.ctas, 8);  // capped: the last part of fewer than G*T rows is one thread's
  EXPECT_EQ(wide->geometry.threads, 256);
  EXPECT_FALSE(plan_of(R"(tfir 1
dim B = DimVar("B", 1, 64)
func f(x: Tensor[(B, 4), f32]) -> Tensor[(4,), f32] {
    s = reduce(x, axes=(0,), keepdim=false, kind=sum)
    return s
}
)"));
  EXPECT_FALSE(plan_of(R"(tfir 1
dim B = DimVar("B", 1, 64)
func f(x: Tensor[(B, 4), f32], w: Tensor[(4,), f32]) -> Tuple[Tensor[(B, 4), f32], Tensor[(4,), f32]] {
    y = mul(x, w)
    v = neg(w)
    return (y, v)
}
)"));
}

TEST(GridPlan, RowReductionsSoftmaxAndRowVectorsSpreadTheLeadingAxes) {
  // (3, 4) + (4,): the row vector is shared, so the rows are the first axis.
  const std::optional<GridPlan> add = plan_of(R"(tfir 1
func f(x: Tensor[(3, 4), f32], y: Tensor[(4,), f32]) -> Tensor[(3, 4), f32] {
    t = add(x, y)
    return t
}
)");
  ASSERT_TRUE(add.has_value());
  EXPECT_EQ(add->rows, (std::vector<ShapeDim>{3}));
  EXPECT_EQ(add->geometry, geometry(1, 2, 1, 2, 1));
  EXPECT_EQ(add->trailing, (std::vector<std::vector<std::int64_t>>{{4}}));
  EXPECT_EQ(add->layout_name({4}), "lower_grid_1x2_1_x4");
  EXPECT_EQ(to_string(LayoutBase(add->layout_for({4}))),
            "ShardLayout(layout=Layout((1, 2, 1, 4), (0, 0, 4, 1)), attrs=(S(0), S(1)), mesh=Mesh((Topology(\"cta\", 1), "
            "Topology(\"thread\", 2)), Layout((1, 2), (2, 1)), names=(\"c\", \"t\")))");
  // (2, 5, 3): softmax over the last axis, then a sum over it: the rows are (2, 5).
  const std::optional<GridPlan> rows = plan_of(R"(tfir 1
func f(x: Tensor[(2, 5, 3), f32]) -> Tuple[Tensor[(2, 5, 3), f32], Tensor[(2, 5), f32]] {
    p = softmax(x, axis=-1)
    s = reduce(p, axes=(2,), keepdim=false, kind=sum)
    return (p, s)
}
)");
  ASSERT_TRUE(rows.has_value());
  EXPECT_EQ(rows->rows, (std::vector<ShapeDim>{2, 5}));
  EXPECT_EQ(rows->geometry, geometry(1, 8, 1, 8, 2));
}

TEST(GridPlan, AReductionAcrossEveryRowIsACollectiveOfOneCta) {
  // (12, 4) summed over the rows: a shared (4,), one CTA of 4 threads (the largest power of two
  // dividing 12), 3 rows each, no tail.
  const std::optional<GridPlan> columns = plan_of(R"(tfir 1
func f(x: Tensor[(12, 4), f32]) -> Tensor[(4,), f32] {
    s = reduce(x, axes=(0,), keepdim=false, kind=sum)
    return s
}
)");
  ASSERT_TRUE(columns.has_value());
  EXPECT_TRUE(columns->collective);
  EXPECT_EQ(columns->rows, (std::vector<ShapeDim>{12}));
  EXPECT_EQ(columns->geometry, geometry(1, 4, 3, 12, 0));
  EXPECT_EQ(columns->mesh_name, "lower_cta_4");
  EXPECT_EQ(to_string(LayoutBase(columns->layout_for({4}))),
            "ShardLayout(layout=Layout((4, 3, 4), (0, 4, 1)), attrs=(S(0),), mesh=Mesh((Topology(\"thread\", 4),), "
            "Layout((4,), (1,)), names=(\"t\",)))");
  // A row value beside a total over every element: the rows are the elements, 256 threads.
  const std::optional<GridPlan> total = plan_of(R"(tfir 1
func f(x: Tensor[(1024,), f32]) -> Tuple[Tensor[(1024,), f32], Tensor[(), f32]] {
    y = neg(x)
    s = reduce(x, axes=(0,), keepdim=false, kind=sum)
    return (y, s)
}
)");
  ASSERT_TRUE(total.has_value());
  EXPECT_TRUE(total->collective);
  EXPECT_EQ(total->geometry, geometry(1, 256, 4, 1024, 0));
  // An elementwise function is no collective.
  const std::optional<GridPlan> plain = plan_of(R"(tfir 1
func f(x: Tensor[(1024,), f32]) -> Tensor[(1024,), f32] {
    y = neg(x)
    return y
}
)");
  ASSERT_TRUE(plain.has_value());
  EXPECT_FALSE(plain->collective);
}

TEST(GridPlan, ReductionsAcrossRowsViewsAndSymbolicTrailingShapesAreLeftToTheSerialRule) {
  // A reduction across the rows that keeps them (keepdim) has no collective form.
  EXPECT_FALSE(plan_of(R"(tfir 1
func f(x: Tensor[(4, 3), f32]) -> Tensor[(1, 3), f32] {
    s = reduce(x, axes=(0,), keepdim=true, kind=sum)
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
  // Symbolic trailing extents have no layout to spread.
  EXPECT_FALSE(plan_of(R"(tfir 1
dim N = DimVar("N", 1, 8)
func f(x: Tensor[(4, N), f32]) -> Tensor[(4, N), f32] {
    y = neg(x)
    return y
}
)"));
  // Rows of no element: an extent-0 trailing axis has no layout to spread.
  EXPECT_FALSE(plan_of(R"(tfir 1
func f(x: Tensor[(2, 0), f32]) -> Tensor[(2,), f32] {
    s = reduce(x, axes=(1,), keepdim=false, kind=sum)
    return s
}
)"));
  // A shared softmax whose statistics (shape (1,)) look like a row value of rows (1,) (found by
  // the lowering law).
  EXPECT_FALSE(plan_of(R"(tfir 1
func f(x: Tensor[(1, 2), f32], y: Tensor[(2,), f32]) -> Tensor[(1, 2), f32] {
    p = softmax(y, axis=0)
    s = add(x, p)
    return s
}
)"));
  // A shared value shaped like a row value (the weight (4,) beside rows of 4) is ambiguous.
  EXPECT_FALSE(plan_of(R"(tfir 1
func f(x: Tensor[(4, 4), f32], w: Tensor[(4,), f32]) -> Tensor[(4, 4), f32] {
    v = neg(w)
    y = add(x, v)
    return y
}
)"));
}

// Block-scaled values split by rows short of the last axis (their blocks' axis), so a thread holds
// whole blocks: a quantize and a dequantize spread their rows, never their elements; an NVFP4
// quantize, whose tensor scale is the whole tensor's amax, has no row-wise plan.
TEST(GridPlan, BlockScaledCastsSpreadWholeRowsAndNvfp4StaysSerial) {
  const std::optional<GridPlan> q = plan_of(R"(tfir 1
func f(x: Tensor[(300, 256), bf16]) -> Tensor[(300, 256), MXFP8_E4M3] {
    q = cast(x, dtype=MXFP8_E4M3, scale_method=rceil)
    return q
}
)");
  ASSERT_TRUE(q.has_value());
  EXPECT_EQ(q->rows.size(), 1u);
  EXPECT_EQ(q->trailing, (std::vector<std::vector<std::int64_t>>{{256}}));
  const std::optional<GridPlan> d = plan_of(R"(tfir 1
func f(x: Tensor[(4, 8, 64), MXFP4]) -> Tensor[(4, 8, 64), f32] {
    r = cast(x, dtype=f32)
    return r
}
)");
  ASSERT_TRUE(d.has_value());
  EXPECT_EQ(d->rows.size(), 2u);
  std::string why;
  EXPECT_FALSE(plan_of(R"(tfir 1
func f(x: Tensor[(16, 64), f32]) -> Tensor[(16, 64), NVFP4] {
    q = cast(x, dtype=NVFP4)
    return q
}
)", &why));
  EXPECT_NE(why.find("an NVFP4 quantize (its tensor scale comes from the whole tensor's amax)"), std::string::npos) << why;
  // A block-scaled value any other op makes has no row-wise rule.
  EXPECT_FALSE(plan_of(R"(tfir 1
func f(x: Tensor[(4, 64), MXFP4]) -> Tensor[(4, 64), MXFP4] {
    r = reshape(x, new_shape=(4, 64))
    return r
}
)"));
}

// The choosing ops and the movers spread rows when their axes lie past the leading ones: argmax
// and topk along a trailing axis, index_select along one or with the rows as its index (an
// embedding lookup), split, slice, transpose, concat and stack that leave the leading axes as they
// are. A slice or reshape of a parameter whose window is contiguous is viewed by rows; a mover
// across the leading axes plans smaller rows or none.
TEST(GridPlan, ChoosersAndMoversPastTheLeadingAxesSpreadTheirRows) {
  struct Case {
    const char* source;
    std::size_t rows;  // the number of leading axes planned
  };
  const Case cases[] = {
      {"func f(x: Tensor[(6, 9, 5), f32]) -> Tensor[(6, 5), i64] {\n    a = argmax(x, axis=1)\n    return a\n}\n", 1},
      {"func f(x: Tensor[(8, 40), f32]) -> Tuple[Tensor[(8, 3), f32], Tensor[(8, 3), i64]] {\n    r = topk(x, k=3, axis=-1)\n"
       "    v = tuple_get_item(r, index=0)\n    i = tuple_get_item(r, index=1)\n    return (v, i)\n}\n", 1},
      {"func f(t: Tensor[(50, 8), f32], i: Tensor[(45,), i64]) -> Tensor[(45, 8), f32] {\n    e = index_select(t, i, dim=0)\n"
       "    return e\n}\n", 1},
      {"func f(x: Tensor[(33, 12), f32], i: Tensor[(4,), i64]) -> Tensor[(33, 4), f32] {\n    e = index_select(x, i, dim=1)\n"
       "    return e\n}\n", 1},
      {"func f(x: Tensor[(10, 8), f32]) -> Tensor[(10, 4), f32] {\n    p = split(x, axis=1, num_splits=2)\n"
       "    a = tuple_get_item(p, index=0)\n    b = tuple_get_item(p, index=1)\n    r = mul(a, b)\n    return r\n}\n", 1},
      {"func f(x: Tensor[(10, 3, 8), f32]) -> Tensor[(10, 8, 3), f32] {\n    t = transpose(x, perm=(0, 2, 1))\n    return t\n}\n", 1},
      {"func f(x: Tensor[(10, 8), f32], y: Tensor[(10, 2), f32]) -> Tensor[(10, 10), f32] {\n    c = concat(x, y, axis=1)\n"
       "    return c\n}\n", 1},
      {"func f(x: Tensor[(10, 8), f32]) -> Tensor[(10, 2), f32] {\n    s = slice(x, (0, 3), sizes=(10, 2), strides=(1, 2))\n"
       "    return s\n}\n", 1},
      // A contiguous window of a weight is viewed by every row of the result (its elements).
      {"func f(w: Tensor[(64, 10), f32], x: Tensor[(33, 10), f32]) -> Tensor[(33, 10), f32] {\n"
       "    s = slice(w, (7, 0), sizes=(33, 10), strides=(1, 1))\n    r = add(s, x)\n    return r\n}\n", 2},
      // A causal mask: each thread computes the arange of the rows whole and views its rows of
      // the column made of it; the row of columns is shared.
      {"func f(s: Tensor[(64, 64), f32]) -> Tensor[(64, 64), f32] {\n"
       "    i = reshape(arange(type=Tensor[(64,), i64]), new_shape=(64, 1))\n"
       "    j = reshape(arange(type=Tensor[(64,), i64]), new_shape=(1, 64))\n    k = ge(i, j)\n"
       "    n = full_like(s, value=-inf)\n    z = where(k, s, n)\n    p = softmax(z, axis=1)\n    return p\n}\n", 1},
      // A mask of shape (1, 4) broadcasts over rows of 4 elements, not over single elements (a
      // tail part holds (tail,) of them, which a rank-2 operand would outrank).
      {"func f(x: Tensor[(3, 4), f32], c: Tensor[(1, 4), bool]) -> Tensor[(3, 4), f32] {\n    r = where(c, x, x)\n"
       "    return r\n}\n", 1},
      // Heads before tokens moves the leading axes: only the batch axis stays a row.
      {"func f(x: Tensor[(2, 24, 4, 8), bf16]) -> Tensor[(2, 4, 24, 8), bf16] {\n    t = transpose(x, perm=(0, 2, 1, 3))\n"
       "    return t\n}\n", 1},
  };
  for (const Case& c : cases) {
    const std::string source = std::string("tfir 1\n") + c.source;
    std::string why;
    const std::optional<GridPlan> p = plan_of(source, &why);
    ASSERT_TRUE(p.has_value()) << source << why;
    EXPECT_EQ(p->rows.size(), c.rows) << source;
  }
  // An arange of the rows read as rows (added to them) is not a row value: no plan.
  EXPECT_FALSE(plan_of(R"(tfir 1
func f(x: Tensor[(16,), i64]) -> Tensor[(16,), i64] {
    a = arange(type=Tensor[(16,), i64])
    r = add(x, a)
    return r
}
)"));
  // A topk along the first axis has no row-wise form at any rows.
  EXPECT_FALSE(plan_of(R"(tfir 1
func f(x: Tensor[(8, 40), f32]) -> Tuple[Tensor[(3, 40), f32], Tensor[(3, 40), i64]] {
    r = topk(x, k=3, axis=0)
    v = tuple_get_item(r, index=0)
    i = tuple_get_item(r, index=1)
    return (v, i)
}
)"));
}

}  // namespace
}  // namespace tf::lower
