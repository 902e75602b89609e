#include "ir/layout/complement.h"

#include <fmt/format.h>

#include <algorithm>

#include "ir/layout/checked_math.h"
#include "ir/layout/flat_modes.h"
#include "ir/layout/print.h"

namespace tf {

using layout_detail::algebra_error;
using layout_detail::Mode;
using layout_detail::Modes;

Result<Layout> complement(const Layout& l, std::int64_t cotarget) {
  const std::string what = fmt::format("complement({}, {})", to_string(l), cotarget);
  if (cotarget < 1)
    return algebra_error(fmt::format("{}: the cotarget must be at least 1", what));
  auto all = layout_detail::static_modes(l, what, /*positive_extents=*/true);
  TF_TRY(all);

  Modes moving;
  for (const Mode& m : *all)
    if (m.shape > 1 && m.stride > 0) moving.push_back(m);
  std::sort(moving.begin(), moving.end(), [](const Mode& x, const Mode& y) {
    return x.stride != y.stride ? x.stride < y.stride : x.shape < y.shape;
  });

  Modes out;
  std::int64_t covered = 1;  // the span of the modes placed so far
  const Mode* previous = nullptr;
  for (const Mode& m : moving) {
    if (m.stride < covered)
      return algebra_error(fmt::format(
          "{}: the modes do not nest: mode {}:{} starts inside the span {} of mode {}:{}", what,
          m.shape, m.stride, covered, previous->shape, previous->stride));
    if (m.stride % covered != 0)
      return algebra_error(fmt::format(
          "{}: the modes do not nest: the stride {} of mode {}:{} is not a multiple of the "
          "span {} below it, so the gap cannot be tiled",
          what, m.stride, m.shape, m.stride, covered));
    out.push_back({m.stride / covered, covered});
    covered = m.shape * m.stride;  // at most the span of a valid layout: no overflow
    previous = &m;
  }
  out.push_back({layout_detail::ceil_div(cotarget, covered), covered});
  auto result = layout_detail::layout_of(layout_detail::coalesce_modes(out));
  if (!result.ok())
    return algebra_error(fmt::format("{}: the complement is too large", what));
  return result;
}

}  // namespace tf
