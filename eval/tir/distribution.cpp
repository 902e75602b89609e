#include "eval/tir/distribution.h"

#include <fmt/format.h>

#include "ir/layout/layout_hash.h"
#include "ir/layout/shard_chain.h"

namespace tf::eval::tir {

namespace {

Diagnostic refuse(std::string message) { return category_error(DiagCategory::Eval, std::move(message)); }

}  // namespace

std::optional<std::vector<int>> group_leaves(const IntTuple& domain_shape,
                                             const std::vector<std::int64_t>& leaf_extents,
                                             const Shape& shape) {
  std::vector<std::int64_t> by_mode;
  if (domain_shape.is_tuple()) {
    for (const IntTuple& mode : domain_shape.children()) by_mode.push_back(static_cast<std::int64_t>(leaves(mode).size()));
  } else {
    by_mode.push_back(1);
  }
  auto grouped = [&](const std::vector<std::int64_t>& groups) -> std::optional<std::vector<int>> {
    if (groups.size() != shape.size()) return std::nullopt;
    std::vector<int> first;
    std::size_t k = 0;
    for (std::size_t a = 0; a < groups.size(); ++a) {
      first.push_back(static_cast<int>(k));
      std::int64_t product = 1;
      for (std::int64_t j = 0; j < groups[a]; ++j) product *= leaf_extents[k++];
      if (product != shape[a]) return std::nullopt;
    }
    first.push_back(static_cast<int>(k));
    return first;
  };
  if (std::optional<std::vector<int>> f = grouped(by_mode)) return f;
  return grouped(std::vector<std::int64_t>(leaf_extents.size(), 1));
}

Result<std::shared_ptr<const Distribution>> Distribution::make(const ShardLayout& sl, const Shape& shape) {
  const shard_detail::ShardChain& chain = sl.chain();
  if (!chain.resolved) return refuse(fmt::format("{} has a Dynamic attr: an unresolved layout cannot run", to_string(sl)));
  std::shared_ptr<Distribution> d(new Distribution());
  d->shape_ = shape;
  for (const IntTuple& g : chain.extents) {
    if (!g.is_int()) return refuse(fmt::format("{} has a symbolic extent", to_string(sl)));
    d->domain_.push_back(g.value());
  }
  if (d->domain_.size() > kMaxDomainRank)
    return refuse(fmt::format("{} has {} flat axes; the machine model runs at most {}", to_string(sl), d->domain_.size(), kMaxDomainRank));
  for (const IntTuple& l : chain.local) d->local_.push_back(l.is_int() ? l.value() : 0);
  // Layer meshes, innermost first.
  std::vector<Mesh> outer_first;
  const ShardLayout* layer = &sl;
  while (true) {
    outer_first.push_back(layer->mesh());
    const ShardLayout* inner = layer->layout().as_shard();
    if (inner == nullptr) break;
    layer = inner;
  }
  d->meshes_.assign(outer_first.rbegin(), outer_first.rend());
  for (const Mesh& m : d->meshes_) {
    Result<MeshIndex> x = MeshIndex::make(m);
    if (!x.ok()) return x.diagnostics();
    d->indexes_.push_back(std::move(*x));
  }
  std::vector<std::int64_t> remaining = d->domain_;
  for (const shard_detail::SplitBinding& b : chain.bindings) {
    if (!b.mesh_extent.is_int()) return refuse(fmt::format("{} binds a symbolic mesh extent", to_string(sl)));
    Binding x{b.layer, b.mesh_axis, b.axis, b.mesh_extent.value(), 1};
    remaining[static_cast<std::size_t>(b.axis)] /= x.extent;
    x.divisor = remaining[static_cast<std::size_t>(b.axis)];
    d->bindings_.push_back(x);
  }
  std::optional<std::vector<int>> first = group_leaves(chain.base.shape(), d->domain_, shape);
  if (!first)
    return refuse(fmt::format("the logical shape {} matches neither the modes nor the leaves of {}",
                              shape_text(shape), to_string(sl)));
  d->axis_first_ = std::move(*first);
  for (std::size_t a = 0; a < shape.size(); ++a) {
    std::int64_t n = 1;
    for (int k = d->axis_first_[a]; k < d->axis_first_[a + 1]; ++k) n *= d->local_[static_cast<std::size_t>(k)];
    d->local_shape_.push_back(n);
  }
  return std::shared_ptr<const Distribution>(std::move(d));
}

Result<std::optional<LocalBox>> Distribution::place(const ThreadPos& t) const {
  LocalBox box;
  box.start.assign(domain_.size(), 0);
  std::vector<std::optional<MeshPlace>> places(meshes_.size());
  std::vector<bool> placed(meshes_.size(), false);
  for (const Binding& b : bindings_) {
    const std::size_t layer = static_cast<std::size_t>(b.layer);
    if (!placed[layer]) {
      Result<std::optional<MeshPlace>> p = indexes_[layer].place(t);
      if (!p.ok()) return p.diagnostics();
      places[layer] = *p;
      placed[layer] = true;
    }
    if (!places[layer]) return std::optional<LocalBox>{};
    box.start[static_cast<std::size_t>(b.axis)] += places[layer]->coord[static_cast<std::size_t>(b.mesh_axis)] * b.divisor;
  }
  // A thread that is no position of a mesh without bindings still holds nothing.
  for (std::size_t layer = 0; layer < meshes_.size(); ++layer) {
    if (placed[layer]) continue;
    Result<std::optional<MeshPlace>> p = indexes_[layer].place(t);
    if (!p.ok()) return p.diagnostics();
    if (!*p) return std::optional<LocalBox>{};
  }
  return std::optional<LocalBox>{std::move(box)};
}

void Distribution::domain_coord(std::int64_t flat, std::int64_t* g) const {
  for (std::size_t a = shape_.size(); a-- > 0;) {
    std::int64_t c = flat % shape_[a];
    flat /= shape_[a];
    for (int k = axis_first_[a]; k < axis_first_[a + 1]; ++k) {
      g[k] = c % domain_[static_cast<std::size_t>(k)];
      c /= domain_[static_cast<std::size_t>(k)];
    }
  }
}

void Distribution::next_domain_coord(std::int64_t* g) const {
  // The last logical axis moves fastest; within an axis its first leaf (colexicographic), and
  // an axis's leaves multiply out to its extent (group_leaves), so a wrap carries to the axis before.
  for (std::size_t a = shape_.size(); a-- > 0;)
    for (int k = axis_first_[a]; k < axis_first_[a + 1]; ++k) {
      if (++g[k] < domain_[static_cast<std::size_t>(k)]) return;
      g[k] = 0;
    }
}

std::int64_t Distribution::logical_index(const std::int64_t* g) const {
  std::int64_t flat = 0;
  for (std::size_t a = 0; a < shape_.size(); ++a) {
    std::int64_t c = 0;
    for (int k = axis_first_[a + 1]; k-- > axis_first_[a];) c = c * domain_[static_cast<std::size_t>(k)] + g[k];
    flat = flat * shape_[a] + c;
  }
  return flat;
}

bool Distribution::owns(const LocalBox& box, std::int64_t flat) const {
  std::int64_t g[kMaxDomainRank];
  domain_coord(flat, g);
  for (std::size_t k = 0; k < domain_.size(); ++k)
    if (g[k] < box.start[k] || g[k] >= box.start[k] + local_[k]) return false;
  return true;
}

Result<std::shared_ptr<const Distribution>> DistributionCache::get(const ShardLayout& sl, const Shape& shape) {
  std::vector<std::pair<Shape, std::shared_ptr<const Distribution>>>& seen = made_[&sl];
  for (const auto& [s, d] : seen)
    if (s == shape) return d;
  const std::size_t hash = structural_hash(sl);
  for (auto [it, end] = by_value_.equal_range(hash); it != end; ++it)
    if (it->second.first == sl && it->second.second->shape() == shape) {
      seen.emplace_back(shape, it->second.second);
      return it->second.second;
    }
  Result<std::shared_ptr<const Distribution>> d = Distribution::make(sl, shape);
  if (d.ok()) {
    seen.emplace_back(shape, *d);
    by_value_.emplace(hash, std::make_pair(sl, *d));
  }
  return d;
}

std::vector<std::int64_t> Distribution::global_indices(const LocalBox& box) const {
  const std::int64_t n = shape_size(local_shape_);
  std::vector<std::int64_t> out(static_cast<std::size_t>(n));
  if (n == 0) return out;
  // Rows of the last logical axis are contiguous when that axis is one flat leaf.
  const std::size_t last = shape_.size() - 1;
  const bool rows = !shape_.empty() && axis_first_[last + 1] - axis_first_[last] == 1;
  const std::int64_t row = rows ? local_shape_[last] : 1;
  for (std::int64_t l = 0; l < n; l += row) {
    const std::int64_t first = global_index(box, l);
    for (std::int64_t j = 0; j < row; ++j) out[static_cast<std::size_t>(l + j)] = first + j;
  }
  return out;
}

const Shape& Distribution::local_shape() const { return local_shape_; }

std::int64_t Distribution::global_index(const LocalBox& box, std::int64_t local) const {
  const Shape& ls = local_shape_;
  std::int64_t g[kMaxDomainRank];
  for (std::size_t a = ls.size(); a-- > 0;) {
    std::int64_t u = local % ls[a];
    local /= ls[a];
    for (int k = axis_first_[a]; k < axis_first_[a + 1]; ++k) {
      const std::size_t kk = static_cast<std::size_t>(k);
      g[k] = box.start[kk] + u % local_[kk];
      u /= local_[kk];
    }
  }
  return logical_index(g);
}

}  // namespace tf::eval::tir
