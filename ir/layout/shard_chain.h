// The distribution layers of a ShardLayout, flattened (internal to ir/layout's shard code).
//
// Design note: the ownership model. A ShardLayout binds the flat domain axes of its layout
// (the leaves of its shape, numbered 0 .. domain_rank-1) to mesh axes. Peeling nested
// ShardLayouts down to the first Layout or ComposedLayout gives the *base*: its extents G[k]
// are the global (unsharded) domain and its function maps a global coordinate g to an offset.
// Every Split of every layer is one *binding* (mesh axis a of that layer's mesh, extent m_a,
// flat axis k). Bindings divide in *division order*: the innermost layer first, and within a
// layer in mesh-axis order (upstream shard section 6: "each static mesh extent must divide
// the remaining extent in mesh-axis order"). Along axis k bound by a_1, ..., a_n:
//
//     l_k = G[k] / (m_1 * ... * m_n)                                   (the local extent)
//     g_k = c_1 * (G[k] / m_1) + c_2 * (G[k] / (m_1 m_2)) + ... + x_k   (blocked placement)
//
// where c_j is the instance's coordinate on mesh axis a_j and 0 <= x_k < l_k the local
// coordinate. So the (split instance, local coordinate) pairs correspond one-to-one to the
// global coordinates; the first binding picks the outermost block (a single stride per Split
// axis, as upstream shard section 7.1.2 requires; cyclic placement would need two).
// Broadcast, Partial and Dynamic axes bind nothing: their instances are replicas of one
// shard, not owners of distinct data.
//
// Where the data lives (docs/decisions.md D8, upstream shard section 7.1.2): if the base's stride
// along a Split-bound axis k is 0, every instance along the bound mesh axes owns its own
// engine; if it is positive, the instances share one engine and instance c_j contributes its
// share of g_k * stride to the offset. Axes no Split binds follow the plain layout rules. The
// ownership map (instance, local coordinate) -> (engine, offset) is therefore
//   engine = the coordinates c_j of the bindings on zero-stride axes,
//   offset = base(g).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "ir/layout/int_tuple.h"
#include "ir/layout/layout_base.h"
#include "ir/layout/mesh.h"
#include "ir/layout/shard_attr.h"
#include "ir/support/result.h"

namespace tf::shard_detail {

/// One Split of one layer.
struct SplitBinding {
  int layer = 0;          ///< 0 = innermost layer
  int mesh_axis = 0;      ///< axis of that layer's mesh
  IntTuple mesh_extent;   ///< that axis's extent (static >= 1 or the symbol it equals)
  int axis = 0;           ///< the flat base-domain axis it binds
};

/// A ShardLayout's layers flattened (see the design note).
struct ShardChain {
  LayoutBase base;                     ///< the innermost Layout or ComposedLayout
  std::vector<IntTuple> extents;       ///< G: the base's flat domain extents
  std::vector<SplitBinding> bindings;  ///< in division order
  std::vector<IntTuple> local;         ///< l: the extent each instance holds per flat axis
  int layers = 0;                      ///< number of ShardLayout layers peeled
  bool resolved = true;                ///< false when some layer has a Dynamic attr
};

/// The extent of mesh axis `axis` (precondition: 0 <= axis < m.rank()).
IntTuple mesh_extent(const Mesh& m, int axis);

/// The chain of a Layout or ComposedLayout: no bindings, local == extents.
ShardChain base_chain(const LayoutBase& base);

/// `inner` extended by one more layer (attrs over mesh), checking that layer's binding rules:
/// len(attrs) == mesh rank (upstream shard section 7.2), every Split axis in
/// [0, domain_rank) (section 6 / 7.1.1), and each bound mesh extent dividing the remaining
/// extent in mesh-axis order (section 6), a symbolic relation being decidable only when the
/// symbols are equal (section 9). Every violation is a Diagnostic (category Type); all of
/// them are collected. `spelling` names the layout being built in the messages.
Result<ShardChain> extend_chain(ShardChain inner, const std::vector<ShardAttr>& attrs,
                                const Mesh& mesh, const std::string& spelling);

/// The local extent after dividing `remaining` by `mesh_extent`, or nullopt when the static
/// division is inexact, the divisor is not positive, or the relation is symbolic and the two
/// are not the same symbol.
std::optional<IntTuple> divide_extent(const IntTuple& remaining, const IntTuple& mesh_extent);

}  // namespace tf::shard_detail
