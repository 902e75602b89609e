// Static mesh slicing m[...] (seed 002 section 1.5; TFIR `warp[0:16]`, `cta[1:3, :]`).
//
// Design note. A slice key is one entry per mesh axis, left to right; missing trailing
// entries are a full `:`. An entry is
//   - `:`            the whole axis;
//   - an index i     one position (the axis stays, with extent 1), negative i counts from the
//                    end as in Python;
//   - a range a:b    positions [a, b) (either bound may be omitted; negative bounds count from
//                    the end), step absent or 1.
// The result keeps the parent's topologies and names and holds
//   ComposedLayout(inner=None, offset=sum_i start_i * stride_i, outer=Layout(sub extents,
//   parent strides))
// (TIR.1.5.SYNC.slice-composed-layout). Refused with a Diagnostic (category Type, no rule of
// rules.tsv applies; docs/tfir.md section 3 names the spelling only): slicing an already-sliced
// mesh (upstream shard section 5 keeps this rejection), more entries than axes, a step other
// than 1, a bound or index outside the axis after wrapping, an empty range (a barrier over
// no thread is meaningless), and a symbolic extent or stride (upstream shard section 1:
// Mesh.__getitem__ fails closed on a symbolic entry). Python clamps out-of-range bounds;
// this does not, because a clamped key would silently name a different participant set.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "ir/layout/mesh.h"
#include "ir/support/result.h"

namespace tf {

/// One entry of a slice key (see the design note).
struct SliceKey {
  enum class Kind { All, Index, Range };
  Kind kind = Kind::All;
  std::int64_t index = 0;              ///< Kind::Index: the position (may be negative)
  std::optional<std::int64_t> start;   ///< Kind::Range: inclusive start, absent = 0
  std::optional<std::int64_t> stop;    ///< Kind::Range: exclusive stop, absent = extent
  std::optional<std::int64_t> step;    ///< Kind::Range: absent or 1; anything else is refused

  /// `:`.
  static SliceKey all() { return SliceKey{}; }
  /// `i`.
  static SliceKey at(std::int64_t i) { return SliceKey{Kind::Index, i, {}, {}, {}}; }
  /// `a:b` (or `a:b:s`); nullopt bounds are omitted.
  static SliceKey range(std::optional<std::int64_t> a, std::optional<std::int64_t> b,
                        std::optional<std::int64_t> s = std::nullopt) {
    return SliceKey{Kind::Range, 0, a, b, s};
  }
  friend bool operator==(const SliceKey&, const SliceKey&) = default;
};

/// The tfir spelling of one entry: `:`, `3`, `1:3`, `:16`, `0:8:2`.
std::string to_string(const SliceKey& k);
/// The tfir spelling of a whole key applied to `mesh_name`: `cta[1:3, :]`.
std::string slice_spelling(const std::string& mesh_name, const std::vector<SliceKey>& key);

/// m[key] (see the design note).
///   @post on success: result.is_sliced(), same topologies and names as m,
///         result.axes().stride() == m.axes().stride(), and the participants of the result
///         are exactly the parent positions inside the selected box.
Result<Mesh> slice(const Mesh& m, const std::vector<SliceKey>& key);

/// The per-axis box a slice selects, normalized: start_i and extent_i for every axis.
struct SliceBox {
  std::vector<std::int64_t> starts;
  std::vector<std::int64_t> extents;
  friend bool operator==(const SliceBox&, const SliceBox&) = default;
};

/// The normalized box of `key` against un-sliced `m` (the checks of `slice` without building
/// the mesh). slice(m, key) == slice(m, box_key(box)) for the returned box.
Result<SliceBox> slice_box(const Mesh& m, const std::vector<SliceKey>& key);
/// The key `start_i:start_i+extent_i` on every axis (precondition: equal lengths).
std::vector<SliceKey> box_key(const SliceBox& box);

}  // namespace tf
