#include "ir/layout/composition.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <vector>

#include "ir/layout/checked_math.h"
#include "ir/layout/flat_modes.h"
#include "ir/layout/print.h"
#include "ir/layout/tiler.h"

namespace tf {

namespace {

using layout_detail::algebra_error;
using layout_detail::Mode;
using layout_detail::Modes;

// Coalescing that keeps A's function on its whole extended domain, not just on [0, size):
// the last mode is what A steps by past its end, so it stays even with extent 1.
Modes coalesce_keeping_extension(const Modes& modes) {
  Modes out;
  for (std::size_t k = 0; k < modes.size(); ++k) {
    const Mode& m = modes[k];
    const bool last = k + 1 == modes.size();
    if (m.shape == 1 && !last) continue;
    if (!out.empty() && out.back().shape * out.back().stride == m.stride) {
      out.back().shape *= m.shape;  // the merged mode inherits m's place (last or not)
      continue;
    }
    out.push_back(m);
  }
  if (out.empty()) out.push_back({1, 0});  // A = () : the constant 0
  return out;
}

struct Operands {
  const Layout& a;
  const Layout& b;
  std::string describe() const {
    return fmt::format("composition({}, {})", to_string(a), to_string(b));
  }
};

Diagnostic overflow(const Operands& ops) {
  return algebra_error(fmt::format("{}: an offset of the result overflows int64", ops.describe()));
}

// How far each leaf of B reaches into each mode of A: reach[k] is the largest value the
// coordinate of A's mode k takes over the leaf's indices (the last mode is unbounded and not
// tracked). Summed over B's leaves it must stay below each extent: then B(c)'s coordinates in
// A never carry from one mode into the next, and A(B(c)) is the sum of A(leaf offsets).
using Reach = std::vector<__int128>;

// A ∘ N:M for one leaf of B (A given as coalesced modes); see the header's walk. Adds the
// leaf's reach into A's modes to `reach`.
Result<Layout> compose_leaf(const Modes& a, std::int64_t extent, std::int64_t stride,
                            Reach& reach, const Operands& ops) {
  if (stride == 0) return Layout::make(extent, 0);
  Modes out;
  std::int64_t r = stride, n = extent;
  for (std::size_t k = 0; k < a.size() && n > 1; ++k) {
    const auto [s, d] = a[k];
    const bool last = k + 1 == a.size();
    if (!last && r % s == 0) {
      r /= s;
      continue;
    }
    const bool fits = last || static_cast<__int128>(r) * (n - 1) < s;
    if (fits) {
      auto rd = layout_detail::checked_mul(r, d);
      if (!rd) return overflow(ops);
      out.push_back({n, *rd});
      reach[k] += static_cast<__int128>(r) * (n - 1);
      n = 1;
      break;
    }
    if (s % r != 0)
      return algebra_error(fmt::format(
          "{}: stride divisibility condition violated: {} elements at stride {} meet the mode "
          "{}:{} of the left operand; {} and {} divide neither each other, and the elements "
          "do not fit inside the mode",
          ops.describe(), n, r, s, d, r, s));
    const std::int64_t t = s / r;
    if (n % t != 0)
      return algebra_error(fmt::format(
          "{}: shape divisibility condition violated: {} elements at stride {} fill the {} "
          "steps of the mode {}:{} of the left operand and must continue in whole rounds of "
          "it, but {} is not a multiple of {}",
          ops.describe(), n, r, t, s, d, n, t));
    auto rd = layout_detail::checked_mul(r, d);
    if (!rd) return overflow(ops);
    out.push_back({t, *rd});
    reach[k] += s - r;
    n /= t;
    r = 1;
  }
  auto result = layout_detail::layout_of(layout_detail::coalesce_modes(out));
  if (!result.ok()) return overflow(ops);
  return result;
}

Result<Layout> compose_tree(const Modes& a, const Layout& b_part, Reach& reach,
                            const Operands& ops) {
  if (b_part.shape().is_leaf())
    return compose_leaf(a, b_part.shape().value(), b_part.stride().value(), reach, ops);
  std::vector<Layout> modes;
  for (int i = 0; i < rank(b_part); ++i) {
    auto m = compose_tree(a, b_part.mode(i), reach, ops);
    if (!m.ok()) return m;
    modes.push_back(std::move(m).value());
  }
  auto result = make_layout(modes);
  if (!result.ok()) return overflow(ops);
  return result;
}

// The two-layout composition, named apart from the tiler overload.
Result<Layout> composition_whole(const Layout& a, const Layout& b) { return composition(a, b); }

}  // namespace

Result<Layout> composition(const Layout& a, const Layout& b) {
  const Operands ops{a, b};
  const std::string what = ops.describe();
  auto a_modes = layout_detail::static_modes(a, what, /*positive_extents=*/true);
  TF_TRY(a_modes);
  auto b_modes = layout_detail::static_modes(b, what, /*positive_extents=*/true);
  TF_TRY(b_modes);
  const Modes a_flat = coalesce_keeping_extension(*a_modes);
  Reach reach(a_flat.size(), 0);
  auto result = compose_tree(a_flat, b, reach, ops);
  if (!result.ok()) return result;
  for (std::size_t k = 0; k + 1 < a_flat.size(); ++k)
    if (reach[k] >= a_flat[k].shape)
      return algebra_error(fmt::format(
          "{}: disjointness condition violated: the modes of the right operand together reach "
          "coordinate {} in the mode {}:{} of the left operand, so their offsets carry into the "
          "next mode and the result would not be A(B(c))",
          what, static_cast<std::int64_t>(std::min<__int128>(reach[k], INT64_MAX)), a_flat[k].shape,
          a_flat[k].stride));
  return result;
}

Result<Layout> composition(const Layout& a, const std::vector<Layout>& tiler) {
  Result<Tiler> t = Tiler::by_mode(tiler);
  TF_TRY(t);
  return apply_tiler("composition", a, *t, composition_whole);
}

}  // namespace tf
