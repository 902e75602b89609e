#include "ir/layout/shard_local_shape.h"

#include <fmt/format.h>

#include "ir/layout/print.h"
#include "ir/layout/shard_chain.h"

namespace tf {

namespace {

// The mesh of each layer, innermost first.
std::vector<const Mesh*> layer_meshes(const ShardLayout& sl) {
  std::vector<const Mesh*> outer_first;
  for (const ShardLayout* p = &sl; p != nullptr; p = p->layout().as_shard())
    outer_first.push_back(&p->mesh());
  return {outer_first.rbegin(), outer_first.rend()};
}

}  // namespace

Result<IntTuple> shard_layout_local_shape(const ShardLayout& sl, const LocalShapeOptions& options) {
  const shard_detail::ShardChain& chain = sl.chain();
  if (options.require_static && !chain.resolved)
    return rule_error("TYPES.2.1.LOCAL.unresolved-layout-raises",
                      fmt::format("{} still has a Dynamic attr; its distribution must be resolved "
                                  "to Split or Broadcast before local projection (upstream shard "
                                  "section 6)",
                                  to_string(sl)));
  std::vector<IntTuple> local = chain.local;
  if (options.divides) {
    const auto meshes = layer_meshes(sl);
    local = chain.extents;
    for (const auto& b : chain.bindings) {
      if (!options.divides(*meshes.at(static_cast<std::size_t>(b.layer)), b.mesh_axis)) continue;
      auto& extent = local[static_cast<std::size_t>(b.axis)];
      auto divided = shard_detail::divide_extent(extent, b.mesh_extent);
      // A subset of divisions that divide in order also divides in order.
      TF_CHECK(divided.has_value(), "a filtered division of {} by {} failed", to_string(extent),
               to_string(b.mesh_extent));
      extent = *divided;
    }
  }
  if (options.require_static) {
    for (std::size_t k = 0; k < local.size(); ++k)
      if (!local[k].is_int())
        return rule_error("TYPES.2.1.LOCAL.nonconcrete-extent-raises",
                          fmt::format("the local extent of layout axis {} of {} is {}, not a "
                                      "concrete non-negative integer; bind the symbol before "
                                      "local projection",
                                      k, to_string(sl), to_string(local[k])));
  }
  return IntTuple::tuple(std::move(local));
}

}  // namespace tf
