// Brute-force enumeration of static meshes and slice keys: the oracle the mesh and barrier laws
// check participants, projection, slicing and levels against (mesh_law.h), by enumerating
// coordinates, never through the routines under test (image, slice offsets, projection,
// levels). Outside testing/ (where it was testing/mesh_oracle.h) because the conformance runner
// replays a law case (docs/tfir.md section 7) with it.
//
// A key is read here independently of slice_box: Python semantics, negative bounds counting
// from the end, missing trailing entries `:`. Entries beyond the mesh's axes, and an index on an
// axis of extent 0, are ignored (slice refuses such keys; the oracle only must not fail on them).
#pragma once

#include <cstdint>
#include <vector>

#include "ir/layout/mesh.h"
#include "ir/layout/mesh_slice.h"

namespace tf::oracle {

/// The flat extents of a static mesh's axes.
inline std::vector<std::int64_t> axis_extents(const Mesh& m) {
  std::vector<std::int64_t> out;
  for (int i = 0; i < m.rank(); ++i) out.push_back(m.axes().mode(i).shape().value());
  return out;
}

/// The flat strides of a static mesh's axes.
inline std::vector<std::int64_t> axis_strides(const Mesh& m) {
  std::vector<std::int64_t> out;
  for (int i = 0; i < m.rank(); ++i) out.push_back(m.axes().mode(i).stride().value());
  return out;
}

/// Every natural coordinate of `extents` in colexicographic order (leftmost fastest).
inline std::vector<std::vector<std::int64_t>> all_coords(const std::vector<std::int64_t>& extents) {
  std::int64_t n = 1;
  for (auto e : extents) n *= e;
  std::vector<std::vector<std::int64_t>> out;
  for (std::int64_t i = 0; i < n; ++i) {
    std::vector<std::int64_t> c;
    std::int64_t rest = i;
    for (auto e : extents) {
      c.push_back(rest % e);
      rest /= e;
    }
    out.push_back(c);
  }
  return out;
}

/// The device indices of the parent positions inside the key's box, in parent order, with the
/// key read independently of slice_box (header comment).
inline std::vector<std::int64_t> brute_slice_image(const Mesh& parent,
                                                   const std::vector<SliceKey>& key) {
  const auto ext = axis_extents(parent);
  const auto str = axis_strides(parent);
  std::vector<std::int64_t> lo(ext.size(), 0), hi = ext;
  for (std::size_t i = 0; i < key.size() && i < ext.size(); ++i) {
    const SliceKey& k = key[i];
    if (k.kind == SliceKey::Kind::Index && ext[i] > 0) {
      lo[i] = (k.index + ext[i]) % ext[i];
      hi[i] = lo[i] + 1;
    } else if (k.kind == SliceKey::Kind::Range) {
      if (k.start) lo[i] = *k.start < 0 ? *k.start + ext[i] : *k.start;
      if (k.stop) hi[i] = *k.stop < 0 ? *k.stop + ext[i] : *k.stop;
    }
  }
  std::vector<std::int64_t> out;
  for (const auto& c : all_coords(ext)) {
    bool inside = true;
    std::int64_t d = 0;
    for (std::size_t i = 0; i < c.size(); ++i) {
      inside = inside && c[i] >= lo[i] && c[i] < hi[i];
      d += c[i] * str[i];
    }
    if (inside) out.push_back(d);
  }
  return out;
}

/// offset + axes(c) over all coordinates c of m's axes, in mesh order (identity inner only).
inline std::vector<std::int64_t> brute_image(const Mesh& m) {
  const auto str = axis_strides(m);
  std::vector<std::int64_t> out;
  for (const auto& c : all_coords(axis_extents(m))) {
    std::int64_t d = m.offset();
    for (std::size_t i = 0; i < c.size(); ++i) d += c[i] * str[i];
    out.push_back(d);
  }
  return out;
}

}  // namespace tf::oracle
