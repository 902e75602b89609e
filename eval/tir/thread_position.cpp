#include "eval/tir/thread_position.h"

#include <fmt/format.h>

#include "ir/layout/mesh_projection.h"

namespace tf::eval::tir {

std::int64_t launch_extent(const Topology& level, const ThreadPos& t) {
  return level.name() == "cta" ? t.grid : t.block;
}

Result<std::optional<MeshPlace>> place_in_mesh(const Mesh& m, const ThreadPos& t) {
  std::int64_t device = 0, instance = 0;
  for (const Topology& level : m.topologies()) {
    std::optional<std::int64_t> size = level.static_size();
    if (!size) return category_error(DiagCategory::Eval, fmt::format("the mesh {} has a symbolic level extent", to_string(m)));
    if (level.name() != "cta" && level.name() != "thread")
      return category_error(DiagCategory::Eval,
                            fmt::format("the mesh {} has a level `{}`: the machine model runs cta and thread levels",
                                        to_string(m), level.name()));
    const std::int64_t id = level.name() == "cta" ? t.cta : t.tid;
    if (launch_extent(level, t) < *size)
      return category_error(DiagCategory::Eval,
                            fmt::format("the mesh {} has {} {} positions, but the launch has {}: a mesh "
                                        "level cannot be larger than the launch it runs in",
                                        to_string(m), *size, level.name(), launch_extent(level, t)));
    const std::int64_t tiles = launch_extent(level, t) / *size;
    if (id / *size >= tiles) return std::optional<MeshPlace>{};
    device = device * *size + id % *size;
    instance = instance * tiles + id / *size;
  }
  Result<MeshProjection> p = project(m, device);
  if (!p.ok()) return p.diagnostics();
  if (p->membership == Membership::NotProjectable)
    return category_error(DiagCategory::Eval, fmt::format("the mesh {} is not inverse-projectable: {}", to_string(m), p->reason));
  if (p->membership == Membership::Outside) return std::optional<MeshPlace>{};
  MeshPlace place;
  place.device_index = device;
  place.instance = instance;
  if (p->coord.is_tuple()) {
    for (const IntTuple& c : p->coord.children()) place.coord.push_back(c.value());
  } else {
    place.coord.push_back(p->coord.value());
  }
  return std::optional<MeshPlace>{std::move(place)};
}

}  // namespace tf::eval::tir
