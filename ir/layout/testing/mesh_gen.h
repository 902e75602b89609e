// RapidCheck generators for meshes and static slices (docs/fuzzing.md).
//
// Every generator is built with rc::gen::exec, so each choice shrinks (domains, factorisations,
// axis orders and slice bounds move towards small values). The domains stay within
// MeshGenOptions::max_domain so properties can compare against brute-force enumeration.
//
//   gen_thread_mesh     Topology("thread", D): a consistent, injective mesh whose axes are a
//                       permuted compact arrangement of D (a bijection onto [0, D)), with the
//                       occasional extent-1 axis. D is drawn from small blocks (1..64),
//                       warp multiples (32 * k) and general sizes, so every row of the barrier
//                       table and every reject case is reached.
//   gen_multilevel_mesh 1-3 topologies (distinct names, outermost first), each level a permuted
//                       compact arrangement of its own size, scaled by the positions below it:
//                       segmentable by construction (mesh_levels.h).
//   gen_free_mesh       one topology over an arbitrary flat layout (any strides, stride 0
//                       included): possibly non-injective, non-separated or inconsistent; the
//                       input of the projection and classifier "never crashes" laws.
//   gen_slice_key       a legal key for an un-sliced static mesh: per axis `:`, an index, or a
//                       range, with omitted and negative bounds, possibly fewer entries than
//                       axes.
//   gen_mesh_slice      a thread or multi-level mesh with a legal key (a MeshSlice).
//   gen_warp_range      a flat block of 32 * k threads (k in 1..8) with a range whose bounds are
//                       warp multiples, half the time moved by up to 8 lanes: the named-barrier
//                       and unaligned cases that random keys rarely reach.
#pragma once

#include <rapidcheck.h>

#include <cstdint>
#include <vector>

#include "ir/layout/mesh.h"
#include "ir/layout/mesh_slice.h"

namespace tf::fuzz {

/// Bounds for the mesh generators.
struct MeshGenOptions {
  std::int64_t max_domain = 512;  ///< the largest topology domain
  int max_axes = 4;               ///< the most axes of extent > 1 per level
};

/// A parent mesh and a legal slice key for it.
struct MeshSlice {
  Mesh parent;
  std::vector<SliceKey> key;
};

/// A consistent injective thread mesh (see above).
rc::Gen<Mesh> gen_thread_mesh(MeshGenOptions opts = {});
/// A consistent segmentable mesh over 1-3 topologies (see above).
rc::Gen<Mesh> gen_multilevel_mesh(MeshGenOptions opts = {});
/// A single-topology mesh over arbitrary flat strides (see above).
rc::Gen<Mesh> gen_free_mesh(MeshGenOptions opts = {});
/// A legal slice key for un-sliced static `m`.
rc::Gen<std::vector<SliceKey>> gen_slice_key(const Mesh& m);
/// A flat warp-multiple thread block with a near-warp-aligned range (see above).
rc::Gen<MeshSlice> gen_warp_range();
/// A mesh from gen_thread_mesh or gen_multilevel_mesh, with a legal key.
rc::Gen<MeshSlice> gen_mesh_slice(MeshGenOptions opts = {});

}  // namespace tf::fuzz

namespace rc {
/// Printing for counterexamples.
void showValue(const tf::Mesh& m, std::ostream& os);
void showValue(const tf::SliceKey& k, std::ostream& os);
void showValue(const tf::fuzz::MeshSlice& s, std::ostream& os);
}  // namespace rc
