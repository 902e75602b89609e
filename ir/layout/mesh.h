// Mesh: a parallel device domain and the logical arrangement of its positions (TFIR
// `Mesh((Topology("cta", 4), Topology("thread", 128)), Layout((4, 4, 32), (128, 32, 1)),
// names=("c", "w", "l"))`).
//
// Design note.
//  - Device numbering. The topologies are ordered outermost first; a position of the device
//    domain is numbered row-major over them: with levels (T_0, ..., T_{n-1}) the device index
//    of the per-level ids (p_0, ..., p_{n-1}) is p_0*P_0 + ... + p_{n-1}*P_{n-1}, where
//    P_k = T_{k+1} * ... * T_{n-1} is what the levels below level k hold. The topology domain
//    is T_0 * ... * T_{n-1} (seed 002 section 1.5: the block domain is the product of the
//    topology extents).
//  - Axes. The mesh layout maps a mesh coordinate to a device index; its strides are steps in
//    device numbering (so `grid` above steps 128 per CTA). Each top-level mode of the layout
//    is one mesh axis with one extent and one stride: nested modes are refused at
//    construction, because an axis must advance by one fixed physical stride (upstream shard
//    section 5) and a slice selects a range per axis.
//  - Sliced meshes. An un-sliced mesh holds a plain Layout; a static slice m[...]
//    (mesh_slice.h) holds a ComposedLayout(inner=None, offset=origin, outer=sub-box over the
//    parent strides) (TIR.1.5.SYNC.slice-composed-layout, unsliced-plain-layout). A sliced
//    mesh is still a Mesh and never an IR value.
//  - What `make` checks is structure only (upstream shard section 5: construction performs no
//    position-consistency check, so a derived or hand-built slice remains a record that
//    verification judges): at least one topology, distinct topology names, a ComposedLayout
//    with an outer component, flat axes, names empty or one distinct non-empty name per axis.
//    Consistency (static, layout size == topology domain, duplicate-free, segmentable into
//    levels) is checked by the consumers: mesh_levels.h, participants.h, mesh_projection.h,
//    mesh_slice_verify.h, barrier.h.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "ir/layout/composed_layout.h"
#include "ir/layout/layout.h"
#include "ir/layout/topology.h"
#include "ir/support/result.h"

namespace tf {

/// A mesh layout: a plain Layout (un-sliced) or a ComposedLayout (a slice or a hand-built
/// record of one).
using MeshLayout = std::variant<Layout, ComposedLayout>;

/// An immutable mesh, created only through `make` (or mesh_slice.h's `slice`).
class Mesh {
 public:
  /// The checking factory (structure only, see the design note). Diagnostic (category Type)
  /// when there is no topology, two topologies share a name, a ComposedLayout has no outer
  /// component, an axis is a nested mode, or names is neither empty nor one distinct non-empty
  /// name per axis.
  static Result<Mesh> make(std::vector<Topology> topologies, MeshLayout layout,
                           std::vector<std::string> names = {});

  /// The ordered topologies, outermost level first.
  const std::vector<Topology>& topologies() const { return topologies_; }
  /// The layout as written: a plain Layout or a ComposedLayout.
  const MeshLayout& layout() const { return layout_; }
  /// The axis names: empty, or one per axis.
  const std::vector<std::string>& names() const { return names_; }

  /// True when the layout is a ComposedLayout (a slice or a hand-built record of one).
  bool is_sliced() const { return std::holds_alternative<ComposedLayout>(layout_); }
  /// The axes layout: the plain Layout, or the ComposedLayout's outer. One top-level leaf mode
  /// per mesh axis; its strides are device-numbering steps.
  const Layout& axes() const;
  /// The device index of the first position: the ComposedLayout's offset, 0 when un-sliced.
  std::int64_t offset() const;
  /// The ComposedLayout when sliced, nullptr otherwise.
  const ComposedLayout* composed() const { return std::get_if<ComposedLayout>(&layout_); }
  /// The number of axes (top-level modes of axes()).
  int rank() const;
  /// The index of the axis called `name`, or nullopt.
  std::optional<int> axis_named(std::string_view name) const;

  /// Structural equality of topologies, layout and names. Object identity plays no part.
  friend bool operator==(const Mesh& a, const Mesh& b) = default;

 private:
  Mesh(std::vector<Topology> topologies, MeshLayout layout, std::vector<std::string> names)
      : topologies_(std::move(topologies)), layout_(std::move(layout)), names_(std::move(names)) {}
  std::vector<Topology> topologies_;
  MeshLayout layout_;
  std::vector<std::string> names_;
};

/// True when every topology extent and every layout entry is static.
bool is_static(const Mesh& m);
/// The topology domain: the product of the topology extents (seed 002 section 1.5 block
/// domain). Diagnostic (category Type) naming the first symbolic extent, or on overflow.
Result<std::int64_t> topology_domain(const Mesh& m);
/// True when the mesh's topologies are exactly (thread,): the threads of one block.
bool is_thread_mesh(const Mesh& m);
/// True when every topology of the mesh is named cta: the blocks of the grid.
bool is_cta_mesh(const Mesh& m);

/// The tfir spelling `Mesh((Topology("thread", 32),), Layout((4, 8), (1, 4)))`, with
/// `, names=(...)` when names are given (docs/tfir.md sections 2 and 3).
std::string to_string(const Mesh& m);
/// Stream the tfir spelling (for gtest and RapidCheck messages).
std::ostream& operator<<(std::ostream& os, const Mesh& m);

}  // namespace tf
