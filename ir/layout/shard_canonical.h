// canonical_shard_layout: the factored ShardLayout of a logical shape split over a mesh.
//
// Upstream shard section 9: given a logical shape, a mesh and attrs whose Splits name
// *logical* axes, each logical axis split by mesh axes a_1 .. a_n (in mesh-axis order) becomes
// the layout positions (m_1, ..., m_n, r) with r = extent / (m_1 ... m_n) appended only when it
// is not 1; each Split is remapped to its own position; strides are C-order (row-major) over
// the factored shape, so the instances write disjoint blocks of one shared engine. Example:
// logical (2, 1536) with attrs (S(0), S(1), S(1)) on a mesh of extents (2, 4, 32) gives
// Layout((2, 4, 32, 12), (1536, 384, 12, 1)) with attrs (S(0), S(1), S(2)). An axis bound
// once keeps a symbolic extent whole (its mesh extent must then be that symbol). Every Split
// position then has local extent 1 (section 7.1.1's canonical form), and the result owns the
// same elements in the same places as the unfactored Layout(logical shape, C-order) with the
// same attrs (the blockwise placement of shard_chain.h).
#pragma once

#include <vector>

#include "ir/layout/int_tuple.h"
#include "ir/layout/mesh.h"
#include "ir/layout/shard_attr.h"
#include "ir/layout/shard_layout.h"
#include "ir/support/result.h"

namespace tf {

/// The canonical factored ShardLayout (see above). `logical_shape` is a flat tuple (or a leaf)
/// of extents, symbols allowed. Diagnostic (category Type) when len(attrs) != mesh rank, a
/// Split names no logical axis, an axis bound by several mesh axes is symbolic or bound by a
/// symbolic mesh extent, the bound extents do not divide the logical extent, or the C-order
/// strides are not representable (a symbolic extent anywhere but the first position: Layout
/// has no un-materialized strides); and whatever ShardLayout::make refuses.
Result<ShardLayout> canonical_shard_layout(const IntTuple& logical_shape, const Mesh& mesh,
                                           const std::vector<ShardAttr>& attrs);

}  // namespace tf
