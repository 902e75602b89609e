// The broadcast row iterator (eval/hir/elementwise.h) against a naive NumPy index mapping, on
// every pair of shapes of rank <= 3 with extents in {0, 1, 2, 3}.
#include "eval/hir/elementwise.h"

#include <gtest/gtest.h>

#include <functional>

namespace tf::eval {
namespace {

std::vector<Shape> all_shapes() {
  std::vector<Shape> out = {{}};
  for (std::size_t rank = 1; rank <= 3; ++rank) {
    Shape s(rank, 0);
    std::function<void(std::size_t)> fill = [&](std::size_t ax) {
      if (ax == rank) {
        out.push_back(s);
        return;
      }
      for (std::int64_t e = 0; e <= 3; ++e) {
        s[ax] = e;
        fill(ax + 1);
      }
    };
    fill(0);
  }
  return out;
}

// The flat index of operand `in` read at result element `flat` of `out` (NumPy broadcasting).
std::int64_t naive_index(const Shape& out, const Shape& in, std::int64_t flat) {
  std::vector<std::int64_t> idx(out.size());
  for (std::size_t ax = out.size(); ax-- > 0;) {
    idx[ax] = flat % out[ax];
    flat /= out[ax];
  }
  std::int64_t result = 0;
  for (std::size_t k = 0; k < in.size(); ++k) {
    const std::size_t ax = out.size() - in.size() + k;
    result = result * in[k] + (in[k] == 1 ? 0 : idx[ax]);
  }
  return result;
}

TEST(Elementwise, RowIteratorMatchesNaiveBroadcastOnEveryPairOfSmallShapes) {
  const std::vector<Shape> shapes = all_shapes();
  int checked = 0;
  for (const Shape& a : shapes) {
    for (const Shape& b : shapes) {
      Result<Shape> out = broadcast_runtime({a, b});
      bool ok = true;  // NumPy's rule, per axis from the end
      for (std::size_t back = 1; back <= std::min(a.size(), b.size()); ++back) {
        const std::int64_t x = a[a.size() - back], y = b[b.size() - back];
        ok = ok && (x == y || x == 1 || y == 1);
      }
      ASSERT_EQ(out.ok(), ok) << shape_text(a) << " " << shape_text(b);
      if (!ok) continue;
      const BroadcastPlan<2> plan = plan_broadcast<2>(*out, {&a, &b});
      std::vector<std::array<std::int64_t, 2>> seen(static_cast<std::size_t>(shape_size(*out)),
                                                    {-1, -1});
      std::int64_t expected_next = 0;
      for_each_row(plan, [&](std::int64_t o, const std::array<std::int64_t, 2>& in,
                             const std::array<std::int64_t, 2>& step, std::int64_t n) {
        ASSERT_EQ(o, expected_next) << "rows come in row-major order";
        expected_next = o + n;
        for (std::int64_t k = 0; k < n; ++k)
          seen[o + k] = {in[0] + k * step[0], in[1] + k * step[1]};
      });
      ASSERT_EQ(expected_next, shape_size(*out));
      for (std::int64_t i = 0; i < shape_size(*out); ++i) {
        ASSERT_EQ(seen[i][0], naive_index(*out, a, i))
            << shape_text(a) << " " << shape_text(b) << " @" << i;
        ASSERT_EQ(seen[i][1], naive_index(*out, b, i))
            << shape_text(a) << " " << shape_text(b) << " @" << i;
      }
      ++checked;
    }
  }
  EXPECT_GT(checked, 1000);
}

TEST(Elementwise, SameShapeIsOneRowAndSuffixBroadcastIsRowsOfTheSuffix) {
  const Shape s = {4, 5, 6};
  const BroadcastPlan<2> same = plan_broadcast<2>(s, {&s, &s});
  EXPECT_EQ(same.extents, (Shape{120}));
  const Shape suffix = {5, 6};
  const BroadcastPlan<2> rows = plan_broadcast<2>(s, {&s, &suffix});
  EXPECT_EQ(rows.extents, (Shape{4, 30}));
  EXPECT_EQ(rows.strides[1], (std::vector<std::int64_t>{0, 1}));
}

TEST(Elementwise, ThreeWayBroadcastNamesTheShapesWhenItFails) {
  Result<Shape> bad = broadcast_runtime({{2, 3}, {3}, {4}});
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.diagnostics().front().message,
            "shapes (2, 3) and (3,) and (4,) do not broadcast: axis -1 has extents 3 and 4");
  Result<Shape> good = broadcast_runtime({{2, 1}, {1, 3}, {}});
  ASSERT_TRUE(good.ok());
  EXPECT_EQ(*good, (Shape{2, 3}));
}

}  // namespace
}  // namespace tf::eval
