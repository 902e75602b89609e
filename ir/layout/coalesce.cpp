#include "ir/layout/coalesce.h"

#include <fmt/format.h>

#include "ir/layout/flat_modes.h"
#include "ir/layout/print.h"

namespace tf {

namespace layout_detail {

Modes coalesce_modes(const Modes& modes) {
  Modes out;
  for (const Mode& m : modes) {
    if (m.shape == 1) continue;
    // m continues the previous mode exactly when its stride is where that mode ends.
    if (!out.empty() && static_cast<__int128>(out.back().shape) * out.back().stride == m.stride) {
      out.back().shape *= m.shape;
      continue;
    }
    out.push_back(m);
  }
  if (out.empty()) out.push_back({1, 0});
  return out;
}

}  // namespace layout_detail

Result<Layout> coalesce(const Layout& l) {
  auto modes = layout_detail::static_modes(l, "coalesce", /*positive_extents=*/false);
  TF_TRY(modes);
  return layout_detail::layout_of(layout_detail::coalesce_modes(*modes));
}

Result<Layout> filter(const Layout& l) {
  auto modes = layout_detail::static_modes(l, "filter", /*positive_extents=*/false);
  TF_TRY(modes);
  layout_detail::Modes kept = *modes;
  for (layout_detail::Mode& m : kept)
    if (m.stride == 0) m.shape = 1;  // CuTe's filter_zeros: a broadcast mode contributes nothing
  return layout_detail::layout_of(layout_detail::coalesce_modes(kept));
}

Result<Layout> coalesce(const Layout& l, const IntTuple& profile) {
  if (profile.is_leaf()) return coalesce(l);
  if (rank(profile) > rank(l))
    return layout_detail::algebra_error(
        fmt::format("coalesce: the profile {} has rank {}, more than the rank {} of {}",
                    to_string(profile), rank(profile), rank(l), to_string(l)));
  std::vector<Layout> modes;
  for (int i = 0; i < rank(l); ++i) {
    if (i < rank(profile)) {
      auto m = coalesce(l.mode(i), profile[i]);
      if (!m.ok()) return m;
      modes.push_back(std::move(m).value());
    } else {
      modes.push_back(l.mode(i));
    }
  }
  return make_layout(modes);
}

}  // namespace tf
