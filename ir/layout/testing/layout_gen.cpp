#include "ir/layout/testing/layout_gen.h"

#include <algorithm>
#include <numeric>
#include <vector>

#include "ir/support/testing/pick.h"

namespace tf::fuzz {

namespace {

// The largest power of two not above n (n >= 1).
std::int64_t floor_pow2(std::int64_t n) {
  std::int64_t p = 1;
  while (p * 2 <= n) p *= 2;
  return p;
}

// A power of two in [1, cap], shrinking towards 1.
std::int64_t gen_pow2(std::int64_t cap) {
  int log = 0;
  while ((std::int64_t{2} << log) <= cap) ++log;
  return std::int64_t{1} << pick<int>(0, log + 1);
}

// A small-biased extent in [1, cap]: half the time at most 4, so shapes mix small and large.
std::int64_t gen_extent(std::int64_t cap, bool pow2) {
  if (pow2) return gen_pow2(floor_pow2(cap));
  const std::int64_t small_cap = std::min<std::int64_t>(cap, 4);
  if (pick<int>(0, 2) == 0) return pick<std::int64_t>(1, small_cap + 1);
  return pick<std::int64_t>(1, cap + 1);
}

// Rebuilds the leaves of `shape` from `values`, in order.
IntTuple refill(const IntTuple& shape, const std::vector<std::int64_t>& values, std::size_t& next) {
  if (shape.is_leaf()) return IntTuple(values.at(next++));
  std::vector<IntTuple> out;
  for (const auto& c : shape.children()) out.push_back(refill(c, values, next));
  return IntTuple::tuple(std::move(out));
}

std::vector<std::int64_t> flat_extents(const IntTuple& shape) {
  std::vector<std::int64_t> out;
  for (const auto& leaf : leaves(shape)) out.push_back(leaf.value());
  return out;
}

std::vector<std::int64_t> divisors(std::int64_t n) {
  std::vector<std::int64_t> out;
  for (std::int64_t d = 1; d <= n; ++d)
    if (n % d == 0) out.push_back(d);
  return out;
}

// A shape with the given leaves: one leaf, a flat tuple, or a tuple whose first mode nests.
IntTuple shape_of_leaves(const std::vector<std::int64_t>& extents, int structure) {
  if (extents.size() == 1 && structure == 0) return IntTuple(extents[0]);
  std::vector<IntTuple> modes;
  std::size_t k = 0;
  if (structure == 2 && extents.size() >= 2) {
    modes.push_back(tuple_of(extents[0], extents[1]));
    k = 2;
  }
  for (; k < extents.size(); ++k) modes.emplace_back(extents[k]);
  return IntTuple::tuple(std::move(modes));
}

// One leaf N:M of B, admissible against A's flat extents `s` (see composition.h), and how far
// it reaches into each mode of A (reach[k]: the largest coordinate it takes in mode k; the
// last mode is unbounded and not tracked).
struct ComposableLeaf {
  std::int64_t extent, stride;
  std::vector<std::int64_t> reach;
};

ComposableLeaf gen_composable_leaf(const std::vector<std::int64_t>& s) {
  const int n = static_cast<int>(s.size());
  std::vector<std::int64_t> prefix(n + 1, 1);  // prefix[k] = s_0 * ... * s_{k-1}
  for (int k = 0; k < n; ++k) prefix[k + 1] = prefix[k] * s[k];
  ComposableLeaf leaf{1, 0, std::vector<std::int64_t>(n, 0)};

  if (pick<int>(0, 8) == 7) {
    leaf.extent = pick<std::int64_t>(1, 9);
    return leaf;
  }
  const int k = pick<int>(0, n);
  if (k == n - 1) {  // the last mode has no end: any multiple, any extent (runs over the end)
    leaf.stride = prefix[k] * pick<std::int64_t>(1, 4);
    leaf.extent = pick<std::int64_t>(1, 17);
    return leaf;
  }
  switch (pick<int>(0, 3)) {
    case 0: {  // r divides s_k, and B stays within the rest of the mode (truncation)
      const std::int64_t u = *rc::gen::elementOf(divisors(s[k]));
      leaf.extent = pick<std::int64_t>(1, s[k] / u + 1);
      leaf.stride = prefix[k] * u;
      leaf.reach[k] = u * (leaf.extent - 1);
      return leaf;
    }
    case 1: {  // any r < s_k, with few enough elements to stay inside the mode
      if (s[k] < 2) {
        leaf.stride = prefix[k];
        return leaf;
      }
      const std::int64_t r = pick<std::int64_t>(1, s[k]);
      const std::int64_t fit = (s[k] - 1) / r + 1;  // largest N with r*(N-1) < s_k
      leaf.extent = pick<std::int64_t>(1, fit + 1);
      leaf.stride = prefix[k] * r;
      leaf.reach[k] = r * (leaf.extent - 1);
      return leaf;
    }
    default: {  // r divides s_k and B continues over whole later modes, ending at mode j
      const std::int64_t u = *rc::gen::elementOf(divisors(s[k]));
      const int j = pick<int>(k + 1, n);
      const std::int64_t tail = j == n - 1 ? pick<std::int64_t>(1, 4)
                                           : *rc::gen::elementOf(divisors(s[j]));
      leaf.extent = (s[k] / u) * (prefix[j] / prefix[k + 1]) * tail;
      leaf.stride = prefix[k] * u;
      leaf.reach[k] = s[k] - u;
      for (int m = k + 1; m < j; ++m) leaf.reach[m] = s[m] - 1;
      if (j < n - 1) leaf.reach[j] = tail - 1;
      return leaf;
    }
  }
}

}  // namespace

Layout layout_with_flat_strides(const IntTuple& shape, const std::vector<std::int64_t>& strides) {
  std::size_t next = 0;
  IntTuple stride = refill(shape, strides, next);
  TF_CHECK(next == strides.size(), "{} strides for {} leaves", strides.size(), next);
  return Layout::make_known_valid(shape, stride);
}

rc::Gen<IntTuple> gen_shape(LayoutGenOptions o) {
  return rc::gen::exec([o] {
    std::int64_t budget = o.max_size;
    auto extent = [&] {
      const std::int64_t e =
          gen_extent(std::max<std::int64_t>(1, std::min(o.max_extent, budget)), o.powers_of_two);
      budget /= e;
      return e;
    };
    const int r = pick<int>(o.min_rank, o.max_rank + 1);
    if (o.max_depth == 0 || (r == 1 && pick<int>(0, 4) == 3)) return IntTuple(extent());
    std::vector<IntTuple> modes;
    for (int i = 0; i < r; ++i) {
      if (o.max_depth >= 2 && pick<int>(0, 3) == 2) {
        std::vector<IntTuple> sub;
        const int k = pick<int>(1, 4);
        for (int j = 0; j < k; ++j) sub.emplace_back(extent());
        modes.push_back(IntTuple::tuple(std::move(sub)));
      } else {
        modes.emplace_back(extent());
      }
    }
    return IntTuple::tuple(std::move(modes));
  });
}

rc::Gen<Layout> gen_layout(LayoutGenOptions o) {
  return rc::gen::exec([o] {
    const IntTuple shape = *gen_shape(o);
    const auto extents = flat_extents(shape);
    std::vector<std::int64_t> strides;
    std::int64_t compact = 1;  // the column-major stride of the next leaf
    for (std::int64_t e : extents) {
      if (o.powers_of_two) {
        const bool zero = o.zero_strides && pick<int>(0, 6) == 5;
        strides.push_back(zero ? 0 : gen_pow2(o.max_stride));
        compact *= e;
        continue;
      }
      switch (pick<int>(0, 6)) {
        case 0: strides.push_back(o.zero_strides ? 0 : 1); break;
        case 1:
        case 2: strides.push_back(compact); break;  // continues the previous leaves: coalescable
        case 3: strides.push_back(pick<std::int64_t>(1, 9)); break;
        default: strides.push_back(pick<std::int64_t>(1, o.max_stride + 1)); break;
      }
      compact *= e;
    }
    return layout_with_flat_strides(shape, strides);
  });
}

rc::Gen<Layout> gen_nested_layout(LayoutGenOptions o) {
  return rc::gen::exec([o] {
    const IntTuple shape = *gen_shape(o);
    const auto extents = flat_extents(shape);
    // A random order of the leaves (shrinks towards the identity: column-major).
    const auto keys = *rc::gen::container<std::vector<int>>(
        extents.size(), rc::gen::resize(100, rc::gen::inRange(0, 64)));
    std::vector<std::size_t> order(extents.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return keys[a] < keys[b]; });
    std::vector<std::int64_t> strides(extents.size());
    std::int64_t covered = 1, gap_budget = 8;
    for (std::size_t idx : order) {
      if (extents[idx] == 1) {  // an extent-1 leaf never moves: any stride
        strides[idx] = pick<std::int64_t>(0, 5);
        continue;
      }
      const std::int64_t gap =
          o.powers_of_two ? gen_pow2(std::min<std::int64_t>(2, gap_budget))
                          : pick<std::int64_t>(1, std::min<std::int64_t>(3, gap_budget) + 1);
      gap_budget /= gap;
      strides[idx] = covered * gap;
      covered = strides[idx] * extents[idx];
    }
    return layout_with_flat_strides(shape, strides);
  });
}

rc::Gen<std::pair<Layout, Layout>> gen_composable_pair(LayoutGenOptions o) {
  return rc::gen::exec([o] {
    const Layout a = *gen_layout(o);
    const auto s = flat_extents(a.shape());
    const int count = pick<int>(1, 4);
    std::int64_t budget = o.max_size;
    std::vector<std::int64_t> extents, strides;
    // B's leaves must not overlap inside A's modes (composition's disjointness condition):
    // a leaf whose reach would overflow a mode next to the leaves before it becomes 1:0.
    std::vector<std::int64_t> used(s.size(), 0);
    for (int i = 0; i < count; ++i) {
      ComposableLeaf leaf = gen_composable_leaf(s);
      bool disjoint = leaf.extent <= budget;
      for (std::size_t k = 0; k + 1 < s.size(); ++k)
        disjoint = disjoint && used[k] + leaf.reach[k] < s[k];
      if (!disjoint) leaf = ComposableLeaf{1, 0, std::vector<std::int64_t>(s.size(), 0)};
      for (std::size_t k = 0; k < s.size(); ++k) used[k] += leaf.reach[k];
      budget /= leaf.extent;
      extents.push_back(leaf.extent);
      strides.push_back(leaf.stride);
    }
    const IntTuple b_shape = shape_of_leaves(extents, pick<int>(0, 3));
    return std::make_pair(a, layout_with_flat_strides(b_shape, strides));
  });
}

}  // namespace tf::fuzz
