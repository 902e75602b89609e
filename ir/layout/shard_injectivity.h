// D8 injectivity of a ShardLayout (internal to ir/layout's shard code).
//
// Seed 000 section 2 (TYPES.2.TENSOR.injective-layout) asks every layout to be injective;
// docs/decisions.md D8 judges a ShardLayout on its ownership map (mesh instance, local coordinate)
// -> (engine, offset) (shard_chain.h's design note). With Z the Split-bound axes along which
// the base's stride is 0 (one engine per instance), the map is injective exactly when
//   1. every axis in Z has local extent <= 1 (otherwise two local coordinates of one
//      instance share an engine and an offset), and
//   2. the base restricted to the other axes (the Z axes fixed at 0) is injective:
//      instances on shared engines are told apart by their offsets alone.
// So `Layout((128, 12), (0, 1))` split on axis 0 over 128 CTAs is legal (Z = {0}, l_0 = 1,
// the rest `12:1` injective) while a stride-0 axis no Split binds is caught by step 2.
//
// Upstream shard section 7.1.2 also requires one stride per Split-bound axis. A Layout has
// one per flat axis, as has a ComposedLayout whose inner is the identity (offset + outer(c));
// for a ComposedLayout with an inner layout the step along each axis is measured by
// enumerating its values, and an axis with no constant step refuses a Split.
#pragma once

#include <string>
#include <vector>

#include "ir/layout/shard_chain.h"
#include "ir/support/diagnostic.h"

namespace tf::shard_detail {

/// No diagnostics when the chain's ownership map is injective. Otherwise: an error with rule
/// id TYPES.2.TENSOR.injective-layout naming a colliding pair; or, when undecidable (a
/// symbolic stride on a Split axis, symbolic extents beyond the separated-modes test, an
/// enumeration above kInjectivityEnumerationLimit) or when a Split-bound axis has no single
/// stride, a Diagnostic of category Type saying why. `spelling` names the layout.
std::vector<Diagnostic> check_shard_injective(const ShardChain& chain,
                                              const std::string& spelling);

}  // namespace tf::shard_detail
