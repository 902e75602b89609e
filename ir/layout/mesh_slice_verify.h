// Legal-slice verification: is a (possibly sliced) mesh a constant slice of an enclosing one?
// (seed 002 section 1.5, "Legal-slice verification").
//
// Design note. A full mesh (plain Layout) is accepted only by structural equality with an
// enclosing mesh (TIR.1.5.SYNC.full-mesh-equal / full-mesh-unequal). A sliced mesh s
// (ComposedLayout) is accepted only if, for some enclosing full mesh e, the proof succeeds:
//   1. topology tuple equal (names and extents)        else TIR.1.5.SYNC.forged-slice-topology
//   2. s's ComposedLayout has an identity inner and its outer has e's rank and e's strides
//                                                       else TIR.1.5.SYNC.forged-slice-strides
//   3. every sub-extent n_i in [1, E_i] (E = e's shape) else TIR.1.5.SYNC.forged-slice-extents
//   4. the offset decomposes into starts a_i with 0 <= a_i <= E_i - n_i and
//      sum a_i * stride_i == offset                     else TIR.1.5.SYNC.forged-slice-offset
//   5. e[a_0:a_0+n_0, ...] == s (rebuilt with mesh_slice.h's `slice` and compared, names
//      included), so a forged slice cannot pass on a technicality
//                                                       else TIR.1.5.SYNC.forged-slice-offset
// Enclosing meshes are tried innermost first (the back of the vector is innermost); the first
// that proves s legal wins. When none does, the diagnostics explain the failure against the
// innermost enclosing full mesh with the same topology tuple (or the innermost full mesh when
// none has it). Symbolic entries are TIR.1.5.SYNC.dynamic-mesh-rejected.
//
// Offset decomposition (step 4): a_i is unique when e is injective; it is found by greedy
// mixed-radix decoding when e's strides are separated (mesh_projection.h) and by enumerating
// e's domain otherwise (up to kMeshEnumerationLimit positions, else a Diagnostic).
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "ir/layout/mesh.h"
#include "ir/layout/mesh_slice.h"
#include "ir/layout/participants.h"
#include "ir/support/diagnostic.h"
#include "ir/support/result.h"

namespace tf {

/// The starts a_i (one per axis) with 0 <= a_i <= E_i - n_i and sum a_i*stride_i == offset for
/// the full mesh layout `e` and sub-extents `n`, or nullopt when there are none.
/// Preconditions: e static and flat, n.size() == rank(e), 1 <= n_i <= E_i.
/// Diagnostic only when the search would exceed kMeshEnumerationLimit.
Result<std::optional<std::vector<std::int64_t>>> decompose_slice_offset(
    const Layout& e, const std::vector<std::int64_t>& n, std::int64_t offset);

/// The proof of the design note against one enclosing mesh: the slice key (normalized box)
/// when `s` is e[key] (for a full s: the full box when s == e), otherwise the diagnostics with
/// the rule ids above.
Result<SliceBox> prove_slice_of(const Mesh& s, const Mesh& e);

/// The key k with s == e[k] in its simplest spelling (`:` for a whole axis, `a:b` otherwise),
/// when prove_slice_of(s, e) succeeds and e is not itself sliced; else nullopt. How the printer
/// and the verifier's messages spell a sliced mesh by the name of a mesh the reader knows.
std::optional<std::vector<SliceKey>> slice_key_of(const Mesh& s, const Mesh& e);

/// Verifies that `m` is legal under the enclosing meshes (outermost first, innermost last).
/// Empty when legal; otherwise every diagnostic of the most relevant failed proof. With no
/// enclosing mesh: one TIR.1.5.SYNC.full-mesh-unequal (full) or forged-slice-topology (sliced)
/// diagnostic saying no mesh is in scope.
std::vector<Diagnostic> verify_mesh_in_scope(const Mesh& m, const std::vector<Mesh>& enclosing);

}  // namespace tf
