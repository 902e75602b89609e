// Brute-force enumeration of a ShardLayout's ownership map, from its raw parts (base values,
// mesh extents, attrs), never through the library's chain, division or injectivity code: the
// oracle the shard laws check construction, local shape and canonical form against
// (mesh_law.h). Outside testing/ because the conformance runner replays a law case
// (docs/tfir.md section 7) with it.
//
// For every binding coordinate vector c (one coordinate per Split of every layer, innermost
// layer first, mesh-axis order) and every local coordinate x, the global coordinate is
//   g_k = x_k + sum over the bindings j of axis k of c_j * (G[k] / (m_1 * ... * m_j))
// (blocked placement, shard_chain.h), its value is the base's value at g (odometer table for
// a Layout, the ComposedLayout's own evaluation otherwise), and its engine is the list of the
// c_j whose axis has step 0 in the base. Parts whose layer has not one attr per mesh axis count
// as not dividing; a base that does not evaluate somewhere is reported (evaluable), not failed.
#pragma once

#include <cstdint>
#include <optional>
#include <set>
#include <utility>
#include <vector>

#include "ir/layout/layout_enumeration.h"
#include "ir/layout/shard_law_parts.h"

namespace tf::oracle {

/// One owned element.
struct OwnedElement {
  std::vector<std::int64_t> binding;  ///< c: the coordinate of each binding
  std::vector<std::int64_t> local;    ///< x
  std::vector<std::int64_t> global;   ///< g
  std::vector<std::int64_t> engine;   ///< c_j on step-0 axes, -1 elsewhere
  std::int64_t offset = 0;
};

/// The enumerated ownership map of ShardLayout parts.
struct ShardOwnership {
  std::vector<std::int64_t> extents;      ///< G
  std::vector<std::int64_t> mesh_extent;  ///< m_j per binding
  std::vector<int> binding_axis;          ///< k per binding
  std::vector<int> binding_mesh_axis;     ///< mesh axis per binding
  std::vector<std::int64_t> local;        ///< l
  bool divides = true;         ///< every layer is well formed and every binding divides in order
  bool single_strides = true;  ///< every bound axis has a constant step
  bool resolved = true;        ///< no Dynamic attr
  bool evaluable = true;       ///< the base gives a value at every index of its domain
  std::vector<OwnedElement> elements;  ///< filled when divides and evaluable

  /// True when no two elements share (engine, offset).
  bool injective() const {
    std::set<std::pair<std::vector<std::int64_t>, std::int64_t>> seen;
    for (const auto& e : elements)
      if (!seen.emplace(e.engine, e.offset).second) return false;
    return true;
  }
};

/// The base's value at each flat index below n, or nullopt when one does not evaluate.
inline std::optional<std::vector<std::int64_t>> base_values(const LayoutBase& base,
                                                            std::int64_t n) {
  if (const Layout* l = base.as_layout()) return offset_table(*l);
  std::vector<std::int64_t> values;
  for (std::int64_t i = 0; i < n; ++i) {
    const Result<std::int64_t> v = (*base.as_composed())(IntTuple(i));
    if (!v.ok()) return std::nullopt;
    values.push_back(*v);
  }
  return values;
}

/// The ownership map of `parts` (static parts whose base is a Layout or a ComposedLayout).
inline ShardOwnership shard_ownership(const ShardParts& parts) {
  ShardOwnership o;
  for (const auto& e : leaves(parts.base.shape())) o.extents.push_back(e.value());
  if (parts.base.shape().is_tuple() && parts.base.shape().children().empty()) o.extents.clear();
  const std::size_t rank = o.extents.size();
  o.local = o.extents;
  for (const auto& layer : parts.layers) {
    const auto mesh_extents = leaves(layer.mesh.axes().shape());
    if (layer.attrs.size() != mesh_extents.size()) {
      o.divides = false;
      return o;
    }
    for (std::size_t a = 0; a < layer.attrs.size(); ++a) {
      if (layer.attrs[a].is_dynamic()) o.resolved = false;
      if (!layer.attrs[a].is_split()) continue;
      const int k = layer.attrs[a].axis();
      const std::int64_t m = mesh_extents[a].value();
      if (k < 0 || static_cast<std::size_t>(k) >= rank || m < 1 || o.local[k] % m != 0) {
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
  const std::optional<std::vector<std::int64_t>> table = base_values(parts.base, n);
  if (!table) {
    o.evaluable = false;
    return o;
  }
  const std::vector<std::int64_t>& values = *table;

  // The step of the base along each axis, by comparing neighbours (nullopt: none).
  std::vector<std::optional<std::int64_t>> step(rank);
  std::int64_t below = 1;
  for (std::size_t k = 0; k < rank; ++k) {
    std::set<std::int64_t> diffs;
    for (std::int64_t i = 0; i < n; ++i)
      if ((i / below) % o.extents[k] + 1 < o.extents[k])
        diffs.insert(values[i + below] - values[i]);
    if (diffs.size() <= 1) step[k] = diffs.empty() ? 0 : *diffs.begin();
    below *= o.extents[k];
  }
  if (const Layout* l = parts.base.as_layout()) {  // a Layout states its stride even at extent 1
    const auto strides = leaves(l->stride());
    for (std::size_t k = 0; k < rank; ++k) step[k] = strides[k].value();
  }
  for (int k : o.binding_axis)
    if (!step[k]) o.single_strides = false;

  // Enumerate (binding coordinates, local coordinate).
  const std::size_t nb = o.mesh_extent.size();
  std::vector<std::int64_t> c(nb, 0);
  std::int64_t local_size = 1;
  for (auto l : o.local) local_size *= l;
  while (true) {
    std::vector<std::int64_t> x(rank, 0);
    for (std::int64_t li = 0; li < local_size; ++li) {
      OwnedElement e;
      e.binding = c;
      e.local = x;
      e.global = x;
      std::vector<std::int64_t> block(o.extents);
      for (std::size_t j = 0; j < nb; ++j) {
        const int k = o.binding_axis[j];
        block[k] /= o.mesh_extent[j];
        e.global[k] += c[j] * block[k];
        e.engine.push_back(step[k] && *step[k] == 0 ? c[j] : -1);
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
      if (++c[j] < o.mesh_extent[j]) break;
      c[j] = 0;
    }
    if (j == nb) break;
  }
  return o;
}

}  // namespace tf::oracle
