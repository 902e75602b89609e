#include "driver/layout_table.h"

#include <fmt/format.h>

#include <algorithm>
#include <set>

#include "ir/layout/injectivity.h"
#include "ir/layout/participants.h"
#include "ir/layout/shard_chain.h"

namespace tf::cli {
namespace {

Diagnostic too_big(std::int64_t n) {
  return category_error(DiagCategory::Usage,
                        fmt::format("the domain has {} elements; tf layout enumerates at most {}",
                                    n, kMaxTableSize));
}

/// Rows = extent of the first top-level mode; columns = the rest.
void set_grid(LayoutTable& t, const IntTuple& shape) {
  t.rows = 1;
  if (shape.is_tuple() && !shape.children().empty()) {
    Result<std::int64_t> first = product(shape.children()[0]);
    if (first && *first > 0) t.rows = *first;
  } else if (shape.is_int() && shape.value() > 0) {
    t.rows = shape.value();
  }
  t.columns = t.rows > 0 ? t.size / t.rows : 0;
  if (!shape.is_tuple() || shape.children().size() == 1) {  // rank 1: one row
    t.rows = 1;
    t.columns = t.size;
  }
}

// The witness of a table that is not injective (LayoutCollision), or nullopt.
Result<std::optional<LayoutCollision>> find_collision(const std::vector<std::int64_t>& offsets,
                                                      const IntTuple& shape) {
  std::vector<std::pair<std::int64_t, std::int64_t>> by_offset;  // (offset, flat index)
  for (std::size_t i = 0; i < offsets.size(); ++i) by_offset.emplace_back(offsets[i], static_cast<std::int64_t>(i));
  std::sort(by_offset.begin(), by_offset.end());
  for (std::size_t k = 1; k < by_offset.size(); ++k) {
    if (by_offset[k].first != by_offset[k - 1].first) continue;
    Result<IntTuple> first = idx2crd(shape, by_offset[k - 1].second);
    if (!first) return first.diagnostics();
    Result<IntTuple> second = idx2crd(shape, by_offset[k].second);
    if (!second) return second.diagnostics();
    return std::optional<LayoutCollision>(LayoutCollision{*first, *second, by_offset[k].first});
  }
  return std::optional<LayoutCollision>();
}

template <typename Map>
Result<LayoutTable> enumerate(std::int64_t size, const IntTuple& shape, Map&& map) {
  if (size > kMaxTableSize) return too_big(size);
  LayoutTable t;
  t.size = size;
  std::set<std::int64_t> seen;
  for (std::int64_t i = 0; i < size; ++i) {
    Result<std::int64_t> off = map(i);
    if (!off) return off.diagnostics();
    t.offsets.push_back(*off);
    t.injective = t.injective && seen.insert(*off).second;
    t.cosize = std::max(t.cosize, *off + 1);
  }
  if (!t.injective) {
    Result<std::optional<LayoutCollision>> collision = find_collision(t.offsets, shape);
    if (!collision) return collision.diagnostics();
    t.collision = std::move(collision).value();
  }
  set_grid(t, shape);
  return t;
}

Result<LayoutTable> table_of(const Layout& l) {
  Result<std::int64_t> n = size(l);
  if (!n) return n.diagnostics();
  return enumerate(*n, l.shape(), [&](std::int64_t i) { return l(IntTuple(i)); });
}

Result<LayoutTable> table_of(const ComposedLayout& c) {
  Result<std::int64_t> n = size(c);
  if (!n) return n.diagnostics();
  return enumerate(*n, c.shape(), [&](std::int64_t i) { return c(IntTuple(i)); });
}

/// The owner of every flat domain index of a one-layer shard layout under the blocked placement
/// of ir/layout/shard_chain.h: along axis k with bindings m_1..m_n (in division order), mesh
/// coordinate c_j = (g_k / (G_k / (m_1 ... m_j))) mod m_j.
Result<std::vector<std::int64_t>> owners_of(const ShardLayout& s, std::int64_t size) {
  const shard_detail::ShardChain& chain = s.chain();
  std::vector<std::int64_t> extents, mesh_extents;
  for (const IntTuple& g : chain.extents) extents.push_back(g.value());
  for (const IntTuple& m : leaves(s.mesh().axes().shape())) mesh_extents.push_back(m.value());
  Result<std::vector<std::int64_t>> devices = image(s.mesh());
  if (!devices) return devices.diagnostics();
  std::vector<std::int64_t> owners;
  for (std::int64_t i = 0; i < size; ++i) {
    std::vector<std::int64_t> coord(mesh_extents.size(), 0);
    std::vector<std::int64_t> remaining = extents;
    std::int64_t rest = i;
    std::vector<std::int64_t> g(extents.size());
    for (std::size_t k = 0; k < extents.size(); ++k) {
      g[k] = rest % extents[k];
      rest /= extents[k];
    }
    for (const shard_detail::SplitBinding& b : chain.bindings) {
      const std::int64_t m = mesh_extents[b.mesh_axis];
      remaining[b.axis] /= m;
      coord[b.mesh_axis] = (g[b.axis] / remaining[b.axis]) % m;
    }
    std::int64_t flat = 0, scale = 1;  // colexicographic mesh index
    for (std::size_t a = 0; a < coord.size(); ++a) {
      flat += coord[a] * scale;
      scale *= mesh_extents[a];
    }
    owners.push_back((*devices)[flat]);
  }
  return owners;
}

Result<LayoutTable> table_of(const ShardLayout& s) {
  const LayoutBase& inner = s.layout();
  Result<LayoutTable> t = inner.as_layout()     ? table_of(*inner.as_layout())
                          : inner.as_composed() ? table_of(*inner.as_composed())
                                                : table_of(*inner.as_shard());
  if (!t) return t;
  LayoutTable table = std::move(t).value();
  table.injective = true;  // ShardLayout::make accepted it: injective in the sense of D8
  table.collision.reset();
  if (s.chain().layers == 1 && is_static(s)) {
    Result<std::vector<std::int64_t>> owners = owners_of(s, table.size);
    if (!owners) return owners.diagnostics();
    table.owners = std::move(owners).value();
  }
  return table;
}

Result<LayoutTable> table_of(const Mesh& m) {
  Result<std::vector<std::int64_t>> img = image(m);
  if (!img) return img.diagnostics();
  const std::vector<std::int64_t>& v = *img;
  return enumerate(static_cast<std::int64_t>(v.size()), m.axes().shape(),
                   [&](std::int64_t i) -> Result<std::int64_t> { return v[i]; });
}

}  // namespace

Result<LayoutTable> layout_table(const text::LayoutValue& value) {
  return std::visit([](const auto& v) { return table_of(v); }, value);
}

}  // namespace tf::cli
