// The implicit launch geometry of a device function (seed 002: launch geometry is derived, not
// authored): the grid is the largest product of `cta` level extents over the meshes of its
// MeshScopes, its parameters' and its let-bound values' ShardLayouts, the block the largest
// product of the other levels' extents, each 1 when no mesh names it (upstream's launch-config
// derivation, docs/tir-semantics.md "Launches"). The machine model launches a device entry with
// it, and the lowering's host entry launches its kernels with it: one definition of the IR's
// rule, as the verifier and the evaluator share hidden_shape_params.
#pragma once

#include <cstdint>
#include <functional>

#include "ir/layout/mesh.h"
#include "ir/tir/prim_function.h"

namespace tf::tir {

/// CTAs in the grid and threads in a block, each along x.
struct LaunchGeometry {
  std::int64_t grid = 1;
  std::int64_t block = 1;
  friend bool operator==(const LaunchGeometry&, const LaunchGeometry&) = default;
};

/// The implicit launch of `fn` (see above). A symbolic level extent counts as 1.
LaunchGeometry implicit_launch(const PrimFunction& fn);

/// Calls `f` with each mesh the launch geometry reads in `fn`: the meshes of its MeshScopes and
/// of the ShardLayouts of its parameters' and let-bound values' types (a mesh may come twice).
void for_each_launch_mesh(const PrimFunction& fn, const std::function<void(const Mesh&)>& f);

}  // namespace tf::tir
