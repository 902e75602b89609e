// shard_layout_local_shape: the extents one participant of a ShardLayout holds.
//
// Along flat domain axis k an instance holds l_k = G[k] / (product of the mesh extents bound
// to k) elements (shard_chain.h): every Split of every layer divides exactly once, repeated
// Splits of one axis multiply their divisors (upstream shard sections 6 and 9), and Broadcast,
// Partial and Dynamic divide nothing. The result is a flat tuple with one entry per domain
// axis, so entry k is what Split(k) speaks of; for `Layout((128, 12), (0, 1))` split on axis 0
// over 128 CTAs it is (1, 12). This is the shape local_type_of (seed 000 section 2.1) gives a
// projected tensor leaf.
#pragma once

#include <functional>

#include "ir/layout/int_tuple.h"
#include "ir/layout/mesh.h"
#include "ir/layout/shard_layout.h"
#include "ir/support/result.h"

namespace tf {

/// How shard_layout_local_shape projects.
struct LocalShapeOptions {
  /// Strict mode (the projection boundary of seed 000 section 2.1): refuse an unresolved
  /// layout (a Dynamic attr in any layer, TYPES.2.1.LOCAL.unresolved-layout-raises) and a
  /// local extent that is not a concrete integer (TYPES.2.1.LOCAL.nonconcrete-extent-raises).
  /// With false, Dynamic divides nothing and a symbolic extent no Split consumed passes
  /// through (upstream shard section 9: type inference may keep it).
  bool require_static = true;
  /// Which Splits divide, asked per (that layer's mesh, mesh axis); empty: all of them. A
  /// level projection (what one CTA holds, say) passes a filter that keeps the coarser levels.
  std::function<bool(const Mesh& mesh, int mesh_axis)> divides;
};

/// The per-participant local shape of `sl` (see above): a flat tuple of domain_rank() extents.
/// Diagnostics only in strict mode, as described in LocalShapeOptions.
Result<IntTuple> shard_layout_local_shape(const ShardLayout& sl,
                                          const LocalShapeOptions& options = {});

}  // namespace tf
