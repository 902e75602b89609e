#include "ir/hir/shard_axes.h"

#include <fmt/format.h>

#include <optional>

#include "ir/hir/broadcast.h"
#include "ir/layout/print.h"

namespace tf::hir {

namespace {

// The tensor axis of each flat domain axis (header comment), or nullopt when the domain does not
// factor the logical shape.
std::optional<std::vector<int>> domain_to_tensor_axes(const std::vector<IntTuple>& domain,
                                                      const std::vector<IntTuple>& logical) {
  const std::size_t n = domain.size();
  std::vector<int> owner;
  if (n == logical.size()) {
    for (std::size_t k = 0; k < n; ++k) owner.push_back(static_cast<int>(k));
    return owner;
  }
  std::size_t next = 0;
  for (std::size_t t = 0; t < logical.size(); ++t) {
    const IntTuple& e = logical[t];
    if (!e.is_int()) {
      if (next >= n || !(domain[next] == e)) return std::nullopt;
      owner.push_back(static_cast<int>(t));
      ++next;
      continue;
    }
    if (e.value() == 1) {
      if (next < n && domain[next].is_int() && domain[next].value() == 1) {
        owner.push_back(static_cast<int>(t));
        ++next;
      }
      continue;
    }
    std::int64_t product = 1;
    while (product < e.value()) {
      if (next >= n || !domain[next].is_int() || domain[next].value() <= 0) return std::nullopt;
      product *= domain[next].value();
      owner.push_back(static_cast<int>(t));
      ++next;
    }
    if (product != e.value()) return std::nullopt;
  }
  for (; next < n; ++next) {
    if (logical.empty() || !domain[next].is_int() || domain[next].value() != 1) return std::nullopt;
    owner.push_back(static_cast<int>(logical.size()) - 1);
  }
  return owner;
}

}  // namespace

const ShardLayout* shard_layout_of(const TensorType& t) {
  return t.layout ? t.layout->as_shard() : nullptr;
}

std::vector<const ShardLayout*> shard_layers(const ShardLayout& sl) {
  std::vector<const ShardLayout*> layers{&sl};
  while (const ShardLayout* inner = layers.back()->layout().as_shard()) layers.push_back(inner);
  return layers;
}

bool claims_distribution(const ShardLayout& sl) {
  for (const ShardLayout* layer : shard_layers(sl))
    for (const ShardAttr& a : layer->attrs())
      if (!a.is_broadcast()) return true;
  return false;
}

bool splits_or_partials(const ShardLayout& sl) {
  for (const ShardLayout* layer : shard_layers(sl))
    for (const ShardAttr& a : layer->attrs())
      if (a.is_split() || a.is_partial()) return true;
  return false;
}

Result<std::vector<SplitAxis>> split_axes(const ShardLayout& sl,
                                          const std::vector<ShapeDim>& shape) {
  const std::vector<IntTuple> domain = leaves(flatten(sl.shape()));
  const std::vector<IntTuple> logical = leaves(shape_as_int_tuple(shape));
  std::optional<std::vector<int>> owner = domain_to_tensor_axes(domain, logical);
  if (!owner)
    return category_error(
        DiagCategory::Type,
        fmt::format("which tensor axis a Split divides is not determined: the layout domain {} "
                    "does not factor the logical shape {} axis by axis",
                    to_string(sl.shape()), shape_text(shape)));
  std::vector<SplitAxis> out;
  const std::vector<const ShardLayout*> layers = shard_layers(sl);
  for (std::size_t l = 0; l < layers.size(); ++l) {
    const std::vector<IntTuple> extents = leaves(flatten(layers[l]->mesh().axes().shape()));
    const std::vector<ShardAttr>& attrs = layers[l]->attrs();
    for (std::size_t p = 0; p < attrs.size(); ++p) {
      if (!attrs[p].is_split()) continue;
      out.push_back(SplitAxis{.layer = static_cast<int>(l),
                              .mesh_axis = static_cast<int>(p),
                              .tensor_axis = (*owner)[static_cast<std::size_t>(attrs[p].axis())],
                              .mesh_extent = extents.at(p)});
    }
  }
  return out;
}

}  // namespace tf::hir
