// Where a GPU thread stands in a mesh (docs/tir-semantics.md, "Meshes and threads").
//
// Design note. A thread is (cta, tid) in a launch of `grid` CTAs of `block` threads. A mesh
// names topology levels, outermost first; the machine model knows the two levels the barrier
// mapping knows, `cta` and `thread` (seed 002 section 1.5). A level of extent T tiles its launch
// dimension: the thread's position on it is id % T and its instance is id / T, ids past the last
// whole tile being no position. So a 32-thread warp mesh in a 128-thread block has four
// instances (the four warps) and lane = tid % 32 is the position in each; a mesh whose level
// equals the launch dimension has one instance. The device index of the positions is row-major
// over the levels (ir/layout/mesh.h) and the mesh coordinate is its projection
// (mesh_projection.h): a sliced mesh holds only the positions of its slice.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "ir/layout/mesh.h"
#include "ir/support/result.h"

namespace tf::eval::tir {

/// A thread of a launch.
struct ThreadPos {
  std::int64_t cta = 0;    ///< linear CTA index
  std::int64_t tid = 0;    ///< linear thread index in its CTA
  std::int64_t grid = 1;   ///< CTAs in the launch
  std::int64_t block = 1;  ///< threads per CTA
};

/// A thread's place in a mesh.
struct MeshPlace {
  std::int64_t device_index = 0;    ///< row-major over the levels, inside one instance
  std::int64_t instance = 0;        ///< which tile of the launch (row-major over the levels)
  std::vector<std::int64_t> coord;  ///< the mesh coordinate, one entry per axis
};

/// The place of `t` in `m`, or nullopt when t is no position of m (past the last whole tile, or
/// outside a slice). Diagnostic (category Eval) for a symbolic mesh, a level other than cta and
/// thread, or a mesh that is not inverse-projectable.
Result<std::optional<MeshPlace>> place_in_mesh(const Mesh& m, const ThreadPos& t);

/// The extent of the launch dimension a level names: grid for cta, block for thread.
/// Precondition: the level is cta or thread.
std::int64_t launch_extent(const Topology& level, const ThreadPos& t);

}  // namespace tf::eval::tir
