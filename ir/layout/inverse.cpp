#include "ir/layout/inverse.h"

#include <fmt/format.h>

#include <algorithm>

#include "ir/layout/complement.h"
#include "ir/layout/flat_modes.h"
#include "ir/layout/print.h"

namespace tf {

using layout_detail::algebra_error;
using layout_detail::Modes;

Result<Layout> right_inverse(const Layout& l) {
  const std::string what = fmt::format("right_inverse({})", to_string(l));
  auto modes = layout_detail::static_modes(l, what, /*positive_extents=*/true);
  TF_TRY(modes);

  struct Step {
    std::int64_t stride, shape, index_stride;  // index_stride: the mode's step in flat indices
  };
  std::vector<Step> steps;
  std::int64_t index_stride = 1;
  for (const auto& m : *modes) {
    steps.push_back({m.stride, m.shape, index_stride});
    index_stride *= m.shape;
  }
  std::sort(steps.begin(), steps.end(), [](const Step& x, const Step& y) {
    if (x.stride != y.stride) return x.stride < y.stride;
    if (x.shape != y.shape) return x.shape < y.shape;
    return x.index_stride < y.index_stride;
  });

  Modes out;
  std::int64_t next_offset = 1;  // the offset the chain must reach next
  for (const Step& s : steps) {
    if (s.shape == 1 || s.stride == 0) continue;
    if (s.stride < next_offset) continue;  // overlaps the chain: cannot extend it
    if (s.stride > next_offset) break;     // a gap: offset next_offset is not reachable
    out.push_back({s.shape, s.index_stride});
    next_offset = s.shape * s.stride;
  }
  return layout_detail::layout_of(layout_detail::coalesce_modes(out));
}

Result<Layout> left_inverse(const Layout& l) {
  const std::string what = fmt::format("left_inverse({})", to_string(l));
  auto modes = layout_detail::static_modes(l, what, /*positive_extents=*/true);
  TF_TRY(modes);
  for (const auto& m : *modes)
    if (m.shape > 1 && m.stride == 0)
      return algebra_error(fmt::format(
          "{}: the layout is not injective (the mode {}:0 maps {} coordinates to one offset), "
          "so no left inverse exists",
          what, m.shape, m.shape));
  auto gaps = complement(l);
  if (!gaps.ok()) {
    Diagnostic d = gaps.diagnostics().front();
    d.message = fmt::format("{}: no left inverse as a layout: {}", what, d.message);
    return d;
  }
  auto both = make_layout({l, *gaps});
  TF_TRY(both);
  return right_inverse(*both);
}

}  // namespace tf
