#include "ir/layout/shard_chain.h"

#include <fmt/format.h>

#include "ir/layout/print.h"

namespace tf::shard_detail {

namespace {

Diagnostic type_error(std::string message) {
  return category_error(DiagCategory::Type, std::move(message));
}

}  // namespace

IntTuple mesh_extent(const Mesh& m, int axis) {
  TF_CHECK(axis >= 0 && axis < m.rank(), "mesh axis {} of a rank-{} mesh", axis, m.rank());
  return leaves(m.axes().shape()).at(static_cast<std::size_t>(axis));
}

ShardChain base_chain(const LayoutBase& base) {
  TF_CHECK(!base.is_shard(), "base_chain of a ShardLayout");
  std::vector<IntTuple> extents = leaves(base.shape());
  if (base.shape().is_tuple() && base.shape().children().empty()) extents.clear();
  ShardChain chain{base, extents, {}, extents, 0, true};
  return chain;
}

std::optional<IntTuple> divide_extent(const IntTuple& remaining, const IntTuple& mesh_extent) {
  if (remaining.is_int() && mesh_extent.is_int()) {
    const std::int64_t m = mesh_extent.value();
    if (m <= 0 || remaining.value() % m != 0) return std::nullopt;
    return IntTuple(remaining.value() / m);
  }
  if (remaining.is_symbol() && mesh_extent.is_symbol() && remaining == mesh_extent)
    return IntTuple(1);
  if (mesh_extent.is_int() && mesh_extent.value() == 1) return remaining;
  return std::nullopt;
}

Result<ShardChain> extend_chain(ShardChain inner, const std::vector<ShardAttr>& attrs,
                                const Mesh& mesh, const std::string& spelling) {
  std::vector<Diagnostic> diags;
  const int mesh_rank = mesh.rank();
  if (static_cast<int>(attrs.size()) != mesh_rank)
    diags.push_back(type_error(fmt::format(
        "{}: attrs has {} entries but the mesh has {} axes; len(attrs) must equal the mesh "
        "rank, one attr per mesh axis (upstream shard section 7.2)",
        spelling, attrs.size(), mesh_rank)));
  const int domain_rank = static_cast<int>(inner.extents.size());
  const int layer = inner.layers;
  std::vector<IntTuple> local = inner.local;
  bool resolved = inner.resolved;
  for (std::size_t a = 0; a < attrs.size(); ++a) {
    const ShardAttr& attr = attrs[a];
    if (attr.is_dynamic()) resolved = false;
    if (!attr.is_split()) continue;
    const int k = attr.axis();
    if (k >= domain_rank) {
      diags.push_back(type_error(fmt::format(
          "{}: mesh axis {} has {} but the layout has {} domain axes; a Split names a flat "
          "layout-domain axis 0 <= k < domain_rank (upstream shard sections 6 and 7.1.1)",
          spelling, a, to_string(attr), domain_rank)));
      continue;
    }
    if (static_cast<int>(a) >= mesh_rank) continue;  // already reported as an attrs count
    const IntTuple m = mesh_extent(mesh, static_cast<int>(a));
    const IntTuple& remaining = local[static_cast<std::size_t>(k)];
    auto divided = divide_extent(remaining, m);
    if (!divided) {
      const bool symbolic = !remaining.is_int() || !m.is_int();
      diags.push_back(type_error(
          symbolic
              ? fmt::format("{}: mesh axis {} (extent {}) splits layout axis {} whose remaining "
                            "extent is {}; a symbolic split is decidable only when the two "
                            "extents are the same symbol, so bind the symbol first (upstream "
                            "shard sections 6 and 9)",
                            spelling, a, to_string(m), k, to_string(remaining))
              : fmt::format("{}: mesh axis {} (extent {}) does not divide the remaining extent "
                            "{} of layout axis {}; each mesh extent bound to an axis must divide "
                            "what the earlier bindings leave, in mesh-axis order (upstream "
                            "shard section 6)",
                            spelling, a, to_string(m), to_string(remaining), k)));
      continue;
    }
    inner.bindings.push_back(SplitBinding{layer, static_cast<int>(a), m, k});
    local[static_cast<std::size_t>(k)] = *divided;
  }
  if (!diags.empty()) return diags;
  inner.local = std::move(local);
  inner.layers = layer + 1;
  inner.resolved = resolved;
  return inner;
}

}  // namespace tf::shard_detail
