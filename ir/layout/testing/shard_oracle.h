// Brute-force oracle for ShardLayout tests: the ownership map of a generated shard case,
// enumerated element by element from its raw parts (base values, mesh extents, attrs), never
// through the library's chain, division or injectivity code.
//
// For every binding coordinate vector c (one coordinate per Split of every layer, innermost
// layer first, mesh-axis order) and every local coordinate x, the global coordinate is
//   g_k = x_k + sum over the bindings j of axis k of c_j * (G[k] / (m_1 * ... * m_j))
// (blocked placement, shard_chain.h), its value is the base's value at g (odometer table for
// a Layout, the ComposedLayout's own evaluation otherwise), and its engine is the list of the
// c_j whose axis has step 0 in the base.
#pragma once

#include <algorithm>
#include <cstdint>
#include <map>
#include <set>
#include <tuple>
#include <vector>

#include "ir/layout/testing/shard_gen.h"
#include "ir/layout/testing/layout_oracle.h"

namespace tf::testing {

/// One owned element.
struct OwnedElement {
  std::vector<std::int64_t> binding;  ///< c: the coordinate of each binding
  std::vector<std::int64_t> local;    ///< x
  std::vector<std::int64_t> global;   ///< g
  std::vector<std::int64_t> engine;   ///< c_j on step-0 axes, -1 elsewhere
  std::int64_t offset = 0;
};

/// The enumerated ownership map of a shard case.
struct ShardOracle {
  std::vector<std::int64_t> extents;        ///< G
  std::vector<std::int64_t> mesh_extent;    ///< m_j per binding
  std::vector<int> binding_axis;            ///< k per binding
  std::vector<int> binding_mesh_axis;       ///< mesh axis per binding
  std::vector<std::int64_t> local;          ///< l
  bool divides = true;                      ///< every binding divides in order
  bool single_strides = true;               ///< every bound axis has a constant step
  bool resolved = true;                     ///< no Dynamic attr
  std::vector<OwnedElement> elements;       ///< filled when divides

  /// True when no two elements share (engine, offset).
  bool injective() const {
    std::set<std::pair<std::vector<std::int64_t>, std::int64_t>> seen;
    for (const auto& e : elements)
      if (!seen.emplace(e.engine, e.offset).second) return false;
    return true;
  }
};

inline std::vector<std::int64_t> base_values(const LayoutBase& base, std::int64_t n) {
  if (const Layout* l = base.as_layout()) return offset_table(*l);
  std::vector<std::int64_t> values;
  for (std::int64_t i = 0; i < n; ++i) values.push_back((*base.as_composed())(IntTuple(i)).value());
  return values;
}

/// The oracle of `c` (static cases only).
inline ShardOracle shard_oracle(const fuzz::ShardCase& c) {
  ShardOracle o;
  for (const auto& e : leaves(c.base.shape())) o.extents.push_back(e.value());
  if (c.base.shape().is_tuple() && c.base.shape().children().empty()) o.extents.clear();
  const std::size_t rank = o.extents.size();
  o.local = o.extents;
  for (const auto& layer : c.layers) {
    const auto mesh_extents = leaves(layer.mesh.axes().shape());
    for (std::size_t a = 0; a < layer.attrs.size(); ++a) {
      if (layer.attrs[a].is_dynamic()) o.resolved = false;
      if (!layer.attrs[a].is_split()) continue;
      const int k = layer.attrs[a].axis();
      const std::int64_t m = mesh_extents[a].value();
      if (static_cast<std::size_t>(k) >= rank || m < 1 || o.local[k] % m != 0) {
        o.divides = false;
        return o;
      }
      o.local[k] /= m;
      o.mesh_extent.push_back(m);
      o.binding_axis.push_back(k);
      o.binding_mesh_axis.push_back(static_cast<int>(a));
    }
  }
  std::int64_t n = 1;
  for (auto e : o.extents) n *= e;
  const auto values = base_values(c.base, n);

  // The step of the base along each axis, by comparing neighbours (nullopt: none).
  std::vector<std::optional<std::int64_t>> step(rank);
  std::int64_t below = 1;
  for (std::size_t k = 0; k < rank; ++k) {
    std::set<std::int64_t> diffs;
    for (std::int64_t i = 0; i < n; ++i)
      if ((i / below) % o.extents[k] + 1 < o.extents[k]) diffs.insert(values[i + below] - values[i]);
    if (diffs.size() <= 1) step[k] = diffs.empty() ? 0 : *diffs.begin();
    below *= o.extents[k];
  }
  if (const Layout* l = c.base.as_layout()) {  // a Layout states its stride even at extent 1
    const auto strides = leaves(l->stride());
    for (std::size_t k = 0; k < rank; ++k) step[k] = strides[k].value();
  }
  for (int k : o.binding_axis)
    if (!step[k]) o.single_strides = false;

  // Enumerate (binding coordinates, local coordinate).
  const std::size_t nb = o.mesh_extent.size();
  std::vector<std::int64_t> c_(nb, 0);
  while (true) {
    std::vector<std::int64_t> x(rank, 0);
    std::int64_t local_size = 1;
    for (auto l : o.local) local_size *= l;
    for (std::int64_t li = 0; li < local_size; ++li) {
      OwnedElement e;
      e.binding = c_;
      e.local = x;
      e.global = x;
      std::vector<std::int64_t> block(o.extents);
      for (std::size_t j = 0; j < nb; ++j) {
        const int k = o.binding_axis[j];
        block[k] /= o.mesh_extent[j];
        e.global[k] += c_[j] * block[k];
        e.engine.push_back(step[k] && *step[k] == 0 ? c_[j] : -1);
      }
      std::int64_t flat = 0, scale = 1;
      for (std::size_t k = 0; k < rank; ++k) {
        flat += e.global[k] * scale;
        scale *= o.extents[k];
      }
      e.offset = values[static_cast<std::size_t>(flat)];
      o.elements.push_back(std::move(e));
      for (std::size_t k = 0; k < rank; ++k) {  // odometer over x
        if (++x[k] < o.local[k]) break;
        x[k] = 0;
      }
    }
    std::size_t j = 0;  // odometer over the binding coordinates
    for (; j < nb; ++j) {
      if (++c_[j] < o.mesh_extent[j]) break;
      c_[j] = 0;
    }
    if (j == nb) break;
  }
  return o;
}

}  // namespace tf::testing
