// RapidCheck generators for meshes, shard attrs and ShardLayouts (docs/fuzzing.md).
//
// Built with rc::gen::exec, so every choice shrinks (ranks, extents, attr kinds, strides move
// towards small values and Splits towards axis 0). All values are static and small enough
// for brute-force enumeration of the whole ownership map.
//
//   gen_mesh              one "thread" topology over 1..max_mesh_rank axes of extent
//                         1..max_mesh_extent (compact strides)
//   gen_shard_case        a base layout (a Layout, sometimes a ComposedLayout) and one or two
//                         distribution layers whose Splits divide (the base extents are
//                         products of the bound mesh extents and a residual; with
//                         dividing=false some extents are off by one), with strides
//                         drawn so that injective and non-injective ownership maps both occur
//                         (stride-0 Split axes, stride-0 unbound axes, overlapping strides)
//   gen_shard_layout      gen_shard_case filtered to the cases ShardLayout::make accepts
//   gen_canonical_case    (logical shape, mesh, attrs naming logical axes) that
//                         canonical_shard_layout accepts
#pragma once

#include <rapidcheck.h>

#include <cstdint>
#include <iosfwd>
#include <vector>

#include "ir/layout/int_tuple.h"
#include "ir/layout/layout_base.h"
#include "ir/layout/mesh.h"
#include "ir/layout/shard_law_parts.h"
#include "ir/layout/shard_attr.h"
#include "ir/layout/shard_layout.h"
#include "ir/support/result.h"

namespace tf::fuzz {

/// Bounds for the shard generators.
struct ShardGenOptions {
  int max_mesh_rank = 3;              ///< axes of the outermost layer's mesh
  std::int64_t max_mesh_extent = 4;   ///< per mesh axis
  int max_layout_rank = 4;            ///< flat domain axes of the base
  std::int64_t max_residual = 3;      ///< per axis, beyond the bound mesh extents
  bool nested = true;                 ///< whether a second (inner) layer may occur
  bool composed = true;               ///< whether the base may be a ComposedLayout
  /// Whether every Split divides; with false about a third of the base extents get one more
  /// element, so some bindings no longer divide (gen_shard_case only).
  bool dividing = true;
};

/// A generated ShardLayout before construction: a base (a Layout or a ComposedLayout) and its
/// layers, innermost first, at least one; each inner layer builds on its own.
using ShardCase = ShardParts;
using ShardLayer = ShardPartsLayer;

/// Builds the case layer by layer: the ShardLayout, or the diagnostics of the first refusal.
inline Result<ShardLayout> build(const ShardCase& c) { return build_shard_parts(c); }

/// The inputs of canonical_shard_layout.
struct CanonicalCase {
  IntTuple logical;              ///< a flat tuple of static extents
  Mesh mesh;
  std::vector<ShardAttr> attrs;  ///< Splits name logical axes
};

/// A static mesh (see the header comment).
rc::Gen<Mesh> gen_mesh(ShardGenOptions opts = {});
/// A shard case whose bindings divide (unless opts.dividing is false); injective or not.
rc::Gen<ShardCase> gen_shard_case(ShardGenOptions opts = {});
/// A valid ShardLayout.
rc::Gen<ShardLayout> gen_shard_layout(ShardGenOptions opts = {});
/// An accepted canonical_shard_layout input.
rc::Gen<CanonicalCase> gen_canonical_case(ShardGenOptions opts = {});

/// Readable counterexamples.
std::ostream& operator<<(std::ostream& os, const CanonicalCase& c);

}  // namespace tf::fuzz

namespace tf {
/// A readable counterexample: the ShardLayout spelling of the parts.
std::ostream& operator<<(std::ostream& os, const ShardParts& parts);
}  // namespace tf
