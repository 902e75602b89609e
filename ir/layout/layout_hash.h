// Structural hashes of the layout family (IntTuple, Layout, ComposedLayout, ShardLayout,
// LayoutBase, Topology, Mesh), consistent with their operator==: equal values hash equal.
// Each hash walks the value's fields (no printing), kind tags first, so a Layout and a
// ComposedLayout with one component are told apart.
#pragma once

#include <cstddef>

#include "ir/layout/composed_layout.h"
#include "ir/layout/int_tuple.h"
#include "ir/layout/layout.h"
#include "ir/layout/layout_base.h"
#include "ir/layout/mesh.h"
#include "ir/layout/shard_attr.h"
#include "ir/layout/topology.h"

namespace tf {

std::size_t structural_hash(const IntTuple& t);
std::size_t structural_hash(const Layout& l);
std::size_t structural_hash(const ComposedLayout& c);
std::size_t structural_hash(const ShardAttr& a);
std::size_t structural_hash(const ShardLayout& s);
std::size_t structural_hash(const LayoutBase& l);
std::size_t structural_hash(const Topology& t);
std::size_t structural_hash(const Mesh& m);

}  // namespace tf
