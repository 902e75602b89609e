// Test helpers for meshes: the docs/tfir.md section 2 meshes and short constructors.
#pragma once

#include <string>
#include <vector>

#include "ir/layout/mesh.h"
#include "ir/layout/mesh_slice.h"
#include "ir/layout/test/layout_literal.h"

namespace tf::testing {

inline Topology Topo(const std::string& name, std::int64_t size) {
  return Topology::make(name, IntTuple(size)).value();
}

/// A mesh over `topologies` with the plain layout `layout` (CuTe notation, see L()).
inline Mesh M(std::vector<Topology> topologies, std::string_view layout,
              std::vector<std::string> names = {}) {
  return Mesh::make(std::move(topologies), L(layout), std::move(names)).value();
}

/// A mesh holding a hand-built ComposedLayout(inner=None, offset, outer).
inline Mesh Composed(std::vector<Topology> topologies, std::int64_t offset,
                     std::string_view outer, std::vector<std::string> names = {}) {
  return Mesh::make(std::move(topologies),
                    ComposedLayout::make(std::nullopt, offset, L(outer)).value(),
                    std::move(names))
      .value();
}

/// docs/tfir.md section 2: `mesh warp = Mesh((Topology("thread", 32),), Layout((4, 8), (1, 4)))`.
inline Mesh warp_mesh() { return M({Topo("thread", 32)}, "(4,8):(1,4)"); }
/// docs/tfir.md section 2: `mesh grid` over (cta 4, thread 128) with names c, w, l.
inline Mesh grid_mesh() {
  return M({Topo("cta", 4), Topo("thread", 128)}, "(4,4,32):(128,32,1)", {"c", "w", "l"});
}
/// docs/tfir.md section 2: `mesh cta1 = Mesh((Topology("cta", 128),), Layout((128,), (1,)))`.
inline Mesh cta1_mesh() { return M({Topo("cta", 128)}, "(128):(1)"); }
/// Seed 002 section 1.5's m: Mesh(Topology('thread', 128), Layout((4, 32), (32, 1))).
inline Mesh seed_m() { return M({Topo("thread", 128)}, "(4,32):(32,1)"); }
/// A flat mesh of n threads: Layout((n,), (1,)).
inline Mesh flat_threads(std::int64_t n) {
  return M({Topo("thread", n)}, "(" + std::to_string(n) + "):(1)");
}

/// m[key] that must succeed.
inline Mesh S(const Mesh& m, std::vector<SliceKey> key) { return slice(m, key).value(); }
/// The range a:b.
inline SliceKey R(std::int64_t a, std::int64_t b) { return SliceKey::range(a, b); }
inline const SliceKey kAll = SliceKey::all();

}  // namespace tf::testing
