// Reading a tensor's ShardLayout in tensor terms, for the HIR typeinfer rules: its layers, whether
// it claims a distribution at all, and which logical tensor axis each Split divides.
//
// A Split names a flat axis of the ShardLayout's domain (shard_attr.h), and that domain need not
// match the tensor's logical shape axis by axis (layout_base.h's check_tensor_layout). The tensor
// axis a Split divides is therefore derived (upstream shard section 7.1.1):
//  - when the domain rank equals the tensor rank, domain axis k is tensor axis k;
//  - otherwise the domain must factor the logical shape in order (the canonical factored form of
//    shard_canonical.h): the domain extents are consumed left to right, a static tensor extent e
//    takes the run of static extents whose product is exactly e, a symbolic extent takes one
//    domain extent equal to it, an extent 1 takes a domain extent 1 when one comes next (or
//    none), and trailing extents 1 join the last axis.
// Anything else is reported, never guessed: the rule that needs the axis rejects the operand.
// Every layer of a nested ShardLayout shares the innermost layout's domain, so one mapping serves
// all layers.
#pragma once

#include <vector>

#include "ir/layout/int_tuple.h"
#include "ir/layout/shard_layout.h"
#include "ir/support/result.h"
#include "ir/type/shape_dim.h"
#include "ir/type/tensor_type.h"

namespace tf::hir {

/// t's layout when it is a ShardLayout, else nullptr.
const ShardLayout* shard_layout_of(const TensorType& t);

/// The distribution layers of `sl`, outermost first: sl, then its layout while that is a
/// ShardLayout. Layer 0 is `sl` itself.
std::vector<const ShardLayout*> shard_layers(const ShardLayout& sl);

/// True when some layer of `sl` has an attr other than Broadcast (a Split, a Partial or a
/// Dynamic): the value is not merely replicated.
bool claims_distribution(const ShardLayout& sl);

/// True when some layer of `sl` has a Split or a Partial attr.
bool splits_or_partials(const ShardLayout& sl);

/// One Split of one layer, resolved to the tensor axis it divides.
struct SplitAxis {
  int layer = 0;            ///< the layer (shard_layers index)
  int mesh_axis = 0;        ///< the mesh axis of that layer's mesh
  int tensor_axis = 0;      ///< the logical tensor axis divided
  IntTuple mesh_extent{1};  ///< that mesh axis's extent
};

/// Every Split of every layer of `sl` (layer order, then mesh-axis order), resolved against the
/// logical shape `shape` as the header comment says. Diagnostic (category Type, no op prefix)
/// when the domain does not factor the logical shape.
Result<std::vector<SplitAxis>> split_axes(const ShardLayout& sl,
                                          const std::vector<ShapeDim>& shape);

}  // namespace tf::hir
