// Mesh levels: segmenting a mesh's axes between its topologies (upstream shard section 5;
// seed 002 section 1.5 names meshes over several topologies, e.g. TFIR's `grid` over
// (cta 4, thread 128) with Layout((4, 4, 32), (128, 32, 1))).
//
// Design note. Levels are numbered as the topologies, outermost first, and P_k is what the
// levels below level k hold (mesh.h: device numbering). The axes are cut left to right:
//   - an un-sliced mesh (plain Layout): level k takes axes until their extents multiply to
//     exactly T_k. An axis whose extent does not fit what remains of T_k straddles the
//     boundary and is refused (it is never divided); an extent-1 axis adds no positions and
//     joins the level of the axis before it (the first level when it leads). Axes left over, or a level left short, mean the layout
//     does not cover the topologies.
//   - a sliced mesh (ComposedLayout): the extents are a sub-box, so the cut is read off the
//     strides instead: an axis of extent > 1 and stride s > 0 belongs to the level k with
//     P_k <= s < P_k * T_k; extent-1 and stride-0 axes join the level of the axis before them. Levels must
//     not decrease from left to right.
// Then for every level: each stride of an extent > 1 axis is divisible by P_k (refused
// otherwise); the level's arrangement is its axes with strides divided by P_k (its own
// numbering); its start is (offset / P_k) mod T_k; and start + the arrangement's largest
// offset stays below T_k, otherwise the axis runs across the level boundary (refused). A mesh
// of one level takes every axis with no division and no declared extent needed.
// All refusals are Diagnostics of category Type (rules.tsv has no rule for them).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "ir/layout/layout.h"
#include "ir/layout/mesh.h"
#include "ir/support/result.h"

namespace tf {

/// One topology level's share of a mesh.
struct MeshLevel {
  int topology_index = 0;           ///< index into mesh.topologies()
  int first_axis = 0;               ///< the level's axes are [first_axis, first_axis + axis_count)
  int axis_count = 0;
  std::int64_t positions_below = 1; ///< P_k (1 for the innermost level)
  /// The level's axes in its own numbering (the rank-0 Layout((), ()) when it has none).
  Layout arrangement = Layout::make_known_valid(IntTuple::tuple({}), IntTuple::tuple({}));
  std::int64_t start = 0;           ///< the level's own start (0 for an un-sliced mesh)
};

/// The segmentation of the design note. Diagnostic (category Type) for a straddling axis, an
/// indivisible stride, an axis that runs across its level, axes out of level order, a layout
/// that does not cover the topologies, or a symbolic entry (a mesh of one level excepted).
Result<std::vector<MeshLevel>> levels(const Mesh& m);

/// The level named `topology`, as levels(m) computes it. Diagnostic when m names no such level
/// (upstream shard section 5: a reader of one level refuses a mesh that does not name it).
Result<MeshLevel> level_named(const Mesh& m, const std::string& topology);

}  // namespace tf
