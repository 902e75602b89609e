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
//
// MeshIndex does the projection with integers only: made once per mesh (checking that the mesh
// is static, of cta / thread levels and inverse-projectable), it decodes a device index greedily
// by descending stride, which is exact for the separated strides projection requires.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
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

/// A mesh prepared for placing threads (design note).
class MeshIndex {
 public:
  /// Diagnostic (category Eval) for a symbolic mesh, a level other than cta and thread, or a
  /// mesh that is not inverse-projectable.
  static Result<MeshIndex> make(const Mesh& m);

  /// The place of `t`, or nullopt when t is no position (past the last whole tile, outside a
  /// slice). Diagnostic when a level is larger than the launch dimension it tiles.
  Result<std::optional<MeshPlace>> place(const ThreadPos& t) const;
  /// The device indices of the positions, in mesh-coordinate order.
  const std::vector<std::int64_t>& positions() const { return positions_; }
  /// The extent of the first level (for a thread mesh: the threads of one instance).
  std::int64_t first_level_size() const { return levels_.front().size; }

 private:
  struct Level {
    bool cta = false;
    std::int64_t size = 1;
  };
  struct Axis {
    int index = 0;
    std::int64_t extent = 1, stride = 0;
  };
  std::string spelling_;
  std::vector<Level> levels_;
  std::vector<Axis> by_stride_;  // extent > 1, largest stride first
  std::int64_t offset_ = 0;
  int rank_ = 0;
  std::vector<std::int64_t> positions_;
};

/// MeshIndex per mesh of the module (meshes in the IR stay at one address while it lives).
class MeshIndexCache {
 public:
  Result<const MeshIndex*> get(const Mesh& m);

 private:
  std::map<const Mesh*, std::unique_ptr<MeshIndex>> made_;
};

}  // namespace tf::eval::tir
