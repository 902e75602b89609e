#include "eval/tir/thread_position.h"

#include <fmt/format.h>

#include <algorithm>

#include "ir/layout/int_tuple.h"
#include "ir/layout/topology.h"
#include "ir/layout/mesh_projection.h"
#include "ir/layout/participants.h"

namespace tf::eval::tir {

namespace {

Diagnostic refuse(std::string message) { return category_error(DiagCategory::Eval, std::move(message)); }

}  // namespace

Result<MeshIndex> MeshIndex::make(const Mesh& m) {
  MeshIndex x;
  x.spelling_ = to_string(m);
  for (const Topology& level : m.topologies()) {
    std::optional<std::int64_t> size = level.static_size();
    if (!size) return refuse(fmt::format("the mesh {} has a symbolic level extent", x.spelling_));
    if (!level.is_cta() && !level.is_thread())
      return refuse(fmt::format("the mesh {} has a level `{}`: the machine model runs cta and thread levels",
                                x.spelling_, level.name()));
    x.levels_.push_back(Level{level.is_cta(), *size});
  }
  Result<std::string> why = not_projectable_reason(m);
  if (!why.ok()) return why.diagnostics();
  if (!why->empty()) return refuse(fmt::format("the mesh {} is not inverse-projectable: {}", x.spelling_, *why));
  const Layout& axes = m.axes();
  const std::vector<IntTuple> extents = leaves(axes.shape()), strides = leaves(axes.stride());
  x.rank_ = static_cast<int>(extents.size());
  for (int a = 0; a < x.rank_; ++a)
    if (extents[static_cast<std::size_t>(a)].value() > 1)
      x.by_stride_.push_back(Axis{a, extents[static_cast<std::size_t>(a)].value(), strides[static_cast<std::size_t>(a)].value()});
  std::sort(x.by_stride_.begin(), x.by_stride_.end(), [](const Axis& p, const Axis& q) { return p.stride > q.stride; });
  x.offset_ = m.offset();
  Result<std::vector<std::int64_t>> devices = image(m);
  if (!devices.ok()) return devices.diagnostics();
  x.positions_ = std::move(*devices);
  return x;
}

Result<std::optional<MeshPlace>> MeshIndex::place(const ThreadPos& t) const {
  std::int64_t device = 0, instance = 0;
  for (const Level& level : levels_) {
    const std::int64_t extent = level.cta ? t.grid : t.block;
    if (extent < level.size)
      return refuse(fmt::format("the mesh {} has {} {} positions, but the launch has {}: a mesh level cannot be "
                                "larger than the launch it runs in",
                                spelling_, level.size, level.cta ? "cta" : "thread", extent));
    const std::int64_t id = level.cta ? t.cta : t.tid;
    const std::int64_t tiles = extent / level.size;
    if (id / level.size >= tiles) return std::optional<MeshPlace>{};
    device = device * level.size + id % level.size;
    instance = instance * tiles + id / level.size;
  }
  std::int64_t r = device - offset_;
  if (r < 0) return std::optional<MeshPlace>{};
  MeshPlace p;
  p.device_index = device;
  p.instance = instance;
  p.coord.assign(static_cast<std::size_t>(rank_), 0);
  for (const Axis& a : by_stride_) {
    const std::int64_t c = a.stride == 0 ? 0 : r / a.stride;
    if (c >= a.extent) return std::optional<MeshPlace>{};
    p.coord[static_cast<std::size_t>(a.index)] = c;
    r -= c * a.stride;
  }
  if (r != 0) return std::optional<MeshPlace>{};
  return std::optional<MeshPlace>{std::move(p)};
}

Result<const MeshIndex*> MeshIndexCache::get(const Mesh& m) {
  std::unique_ptr<MeshIndex>& slot = made_[&m];
  if (!slot) {
    Result<MeshIndex> x = MeshIndex::make(m);
    if (!x.ok()) {
      made_.erase(&m);
      return x.diagnostics();
    }
    slot = std::make_unique<MeshIndex>(std::move(*x));
  }
  return slot.get();
}

}  // namespace tf::eval::tir
