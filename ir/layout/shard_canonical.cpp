#include "ir/layout/shard_canonical.h"

#include <fmt/format.h>

#include "ir/layout/print.h"
#include "ir/layout/shard_chain.h"

namespace tf {

namespace {

Diagnostic type_error(std::string message) {
  return category_error(DiagCategory::Type, std::move(message));
}

// C-order (row-major) strides over a flat shape: the last position steps by 1. Diagnostic
// when a symbolic extent sits anywhere but position 0 (a later stride would depend on it).
Result<std::vector<IntTuple>> c_order_strides(const std::vector<IntTuple>& shape) {
  std::vector<IntTuple> strides(shape.size(), IntTuple(0));
  std::int64_t step = 1;
  for (std::size_t i = shape.size(); i-- > 0;) {
    strides[i] = step;
    if (i == 0) break;
    if (!shape[i].is_int())
      return type_error(fmt::format(
          "canonical_shard_layout: the C-order strides of {} depend on the symbolic extent {}; "
          "Layout has no un-materialized strides, so only the first position may be symbolic",
          to_string(IntTuple::tuple(shape)), to_string(shape[i])));
    if (__builtin_mul_overflow(step, shape[i].value(), &step))
      return type_error(fmt::format("canonical_shard_layout: the C-order strides of {} overflow",
                                    to_string(IntTuple::tuple(shape))));
  }
  return strides;
}

}  // namespace

Result<ShardLayout> canonical_shard_layout(const IntTuple& logical_shape, const Mesh& mesh,
                                           const std::vector<ShardAttr>& attrs) {
  const std::vector<IntTuple> logical = leaves(logical_shape);
  const std::string where = fmt::format("canonical_shard_layout({}, attrs={})",
                                        to_string(logical_shape), to_string(attrs));
  if (static_cast<int>(attrs.size()) != mesh.rank())
    return type_error(fmt::format("{}: attrs has {} entries but the mesh has {} axes (upstream "
                                  "shard section 7.2)",
                                  where, attrs.size(), mesh.rank()));
  // The mesh axes that split each logical axis, in mesh-axis order.
  std::vector<std::vector<int>> split_by(logical.size());
  std::vector<Diagnostic> diags;
  for (std::size_t a = 0; a < attrs.size(); ++a) {
    if (!attrs[a].is_split()) continue;
    const int k = attrs[a].axis();
    if (k >= static_cast<int>(logical.size())) {
      diags.push_back(type_error(fmt::format("{}: mesh axis {} has {} but the logical shape has "
                                             "{} axes",
                                             where, a, to_string(attrs[a]), logical.size())));
      continue;
    }
    split_by[static_cast<std::size_t>(k)].push_back(static_cast<int>(a));
  }
  if (!diags.empty()) return diags;

  std::vector<IntTuple> shape;
  std::vector<int> position(attrs.size(), -1);  // the factored position of each Split
  for (std::size_t k = 0; k < logical.size(); ++k) {
    const IntTuple& extent = logical[k];
    const auto& axes = split_by[k];
    if (axes.empty()) {
      shape.push_back(extent);
      continue;
    }
    if (!extent.is_int() && axes.size() == 1) {  // a single symbolic split stays whole
      position[static_cast<std::size_t>(axes[0])] = static_cast<int>(shape.size());
      shape.push_back(extent);
      continue;
    }
    std::int64_t product = 1;
    bool static_mesh = true;
    for (int a : axes) {
      const IntTuple m = shard_detail::mesh_extent(mesh, a);
      if (!m.is_int() || m.value() < 1) {
        diags.push_back(type_error(fmt::format(
            "{}: logical axis {} is split by mesh axis {} of extent {}; factoring needs a static "
            "positive mesh extent",
            where, k, a, to_string(m))));
        static_mesh = false;
        continue;
      }
      position[static_cast<std::size_t>(a)] = static_cast<int>(shape.size());
      shape.push_back(m);
      if (__builtin_mul_overflow(product, m.value(), &product)) product = -1;
    }
    if (!static_mesh) continue;
    if (!extent.is_int()) {
      diags.push_back(type_error(fmt::format(
          "{}: logical axis {} has the symbolic extent {} and is split by {} mesh axes; a "
          "symbolic axis can be factored over one mesh axis only",
          where, k, to_string(extent), axes.size())));
      continue;
    }
    if (product <= 0 || extent.value() % product != 0) {
      diags.push_back(type_error(fmt::format(
          "{}: logical axis {} of extent {} is not divisible by the product {} of the mesh "
          "extents that split it",
          where, k, extent.value(), product)));
      continue;
    }
    const std::int64_t residual = extent.value() / product;
    if (residual != 1) shape.emplace_back(residual);
  }
  if (!diags.empty()) return diags;

  auto strides = c_order_strides(shape);
  TF_TRY(strides);
  auto layout = Layout::make(IntTuple::tuple(shape), IntTuple::tuple(*strides));
  TF_TRY(layout);
  std::vector<ShardAttr> remapped;
  for (std::size_t a = 0; a < attrs.size(); ++a)
    remapped.push_back(attrs[a].is_split() ? S(position[a]) : attrs[a]);
  return ShardLayout::make(std::move(layout).value(), std::move(remapped), mesh);
}

}  // namespace tf
