#include "ir/layout/mesh_levels.h"

#include <fmt/format.h>

#include "ir/layout/print.h"

namespace tf {

namespace {

Diagnostic level_error(const Mesh& m, std::string why) {
  return category_error(DiagCategory::Type,
                        fmt::format("cannot segment {} into its topology levels: {}",
                                    to_string(m), why));
}

// The level axes [first, first + count) of `axes` in the level's own numbering.
Layout level_arrangement(const Layout& axes, int first, int count, std::int64_t below) {
  std::vector<Layout> modes;
  for (int i = first; i < first + count; ++i) {
    const Layout mode = axes.mode(i);
    const std::int64_t e = mode.shape().value(), s = mode.stride().value();
    // An extent-1 axis never moves, so its (possibly indivisible) stride is immaterial.
    modes.push_back(Layout::make_known_valid(IntTuple(e), IntTuple(s / below)));
  }
  return make_layout(modes).value();
}

}  // namespace

Result<std::vector<MeshLevel>> levels(const Mesh& m) {
  const Layout& axes = m.axes();
  const int r = m.rank();
  const auto& topologies = m.topologies();
  const int n = static_cast<int>(topologies.size());
  if (n == 1) {
    MeshLevel only{0, 0, r, 1, axes, m.offset()};
    return std::vector<MeshLevel>{only};
  }
  if (!is_static(m))
    return level_error(m, "a mesh of several levels needs static topology extents, extents and "
                          "strides");
  auto domain = topology_domain(m);
  TF_TRY(domain);
  std::vector<std::int64_t> sizes, below(n, 1);
  for (const Topology& t : topologies) sizes.push_back(t.size().value());
  for (int k = n - 2; k >= 0; --k) below[k] = below[k + 1] * sizes[k + 1];
  std::vector<std::int64_t> ext(r), str(r);
  for (int i = 0; i < r; ++i) {
    ext[i] = axes.mode(i).shape().value();
    str[i] = axes.mode(i).stride().value();
  }

  // The level of every axis.
  std::vector<int> level_of(r, 0);
  if (!m.is_sliced()) {
    int k = 0;
    std::int64_t filled = 1;
    for (int i = 0; i < r; ++i) {
      if (ext[i] == 0)
        return level_error(m, fmt::format("axis {} has extent 0, so the mesh has no position", i));
      if (ext[i] != 1) {
        while (k < n && filled == sizes[k] && (k + 1 < n)) {
          ++k;
          filled = 1;
        }
        if (sizes[k] % (filled * ext[i]) != 0)
          return level_error(m, fmt::format("axis {} of extent {} straddles the boundary of level "
                                            "\"{}\" ({} of its {} positions are already taken); "
                                            "an axis is never divided between levels",
                                            i, ext[i], topologies[k].name(), filled, sizes[k]));
        filled *= ext[i];
      }
      level_of[i] = k;
    }
    while (k + 1 < n && filled == sizes[k]) {  // trailing levels of extent 1 take no axis
      ++k;
      filled = 1;
    }
    if (filled != sizes[k] || k != n - 1)
      return level_error(m, fmt::format("the axes {} do not cover the topologies: level \"{}\" "
                                        "gets {} of its {} positions",
                                        to_string(axes.shape()), topologies[k].name(), filled,
                                        sizes[k]));
  } else {
    int current = 0;
    for (int i = 0; i < r; ++i) {
      if (ext[i] > 1 && str[i] > 0) {
        int k = -1;
        for (int j = 0; j < n; ++j)
          if (below[j] <= str[i] && str[i] / below[j] < sizes[j]) k = j;
        if (k < 0)
          return level_error(m, fmt::format("axis {} steps {}, beyond the device domain {}", i,
                                            str[i], *domain));
        if (k < current)
          return level_error(m, fmt::format("axis {} belongs to level \"{}\" but follows an axis "
                                            "of the inner level \"{}\"; axes go outermost level "
                                            "first",
                                            i, topologies[k].name(),
                                            topologies[current].name()));
        current = k;
      }
      level_of[i] = current;
    }
  }

  std::vector<MeshLevel> out;
  int first = 0;
  for (int k = 0; k < n; ++k) {
    int count = 0;
    while (first + count < r && level_of[first + count] == k) ++count;
    std::int64_t reach = 0;
    for (int i = first; i < first + count; ++i) {
      if (ext[i] <= 1) continue;
      if (str[i] % below[k] != 0)
        return level_error(m, fmt::format("the stride {} of axis {} is not a multiple of the {} "
                                          "positions below level \"{}\"",
                                          str[i], i, below[k], topologies[k].name()));
      reach += (ext[i] - 1) * (str[i] / below[k]);
    }
    const std::int64_t start = (m.offset() / below[k]) % sizes[k];
    if (start + reach >= sizes[k])
      return level_error(m, fmt::format("the axes of level \"{}\" reach position {} of its {} "
                                        "positions; an axis runs across the level boundary",
                                        topologies[k].name(), start + reach, sizes[k]));
    MeshLevel level{k, first, count, below[k], level_arrangement(axes, first, count, below[k]),
                    start};
    out.push_back(std::move(level));
    first += count;
  }
  TF_CHECK(first == r, "every axis belongs to one level");
  return out;
}

Result<MeshLevel> level_named(const Mesh& m, const std::string& topology) {
  auto all = levels(m);
  TF_TRY(all);
  for (const MeshLevel& level : *all)
    if (m.topologies()[static_cast<std::size_t>(level.topology_index)].name() == topology)
      return level;
  return category_error(DiagCategory::Type,
                        fmt::format("{} names no topology level \"{}\"", to_string(m), topology));
}

}  // namespace tf
