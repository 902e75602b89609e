// ShardLayouts and meshes for the ir/type tests, built through ir/layout's factories.
#pragma once

#include <string>

#include "ir/core/test/ir_test_util.h"
#include "ir/layout/mesh.h"
#include "ir/layout/shard_layout.h"
#include "ir/layout/topology.h"

namespace tf::test {

/// A one-axis mesh of `n` units of topology `level`: Mesh((Topology(level, n),), Layout((n,),
/// (1,))).
inline Mesh flat_mesh(const std::string& level, std::int64_t n) {
  return Mesh::make({Topology::make(level, IntTuple(n)).value()}, layout(tuple_of(n), tuple_of(1)))
      .value();
}

/// A ShardLayout that must be valid.
inline ShardLayout shard(LayoutBase inner, std::vector<ShardAttr> attrs, Mesh mesh) {
  return ShardLayout::make(std::move(inner), std::move(attrs), std::move(mesh)).value();
}

}  // namespace tf::test
