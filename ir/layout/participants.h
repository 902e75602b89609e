// Participants: the device positions a (possibly sliced) mesh names (seed 002 section 1.5,
// "mesh — the participating threads").
//
// Design note. The image of a mesh is the list, in mesh-coordinate order (flat colexicographic
// index i of the axes layout, leftmost axis fastest), of
//   offset + axes(i)             for an un-sliced mesh (offset 0) or a slice,
//   inner(offset + outer(i))     for a hand-built ComposedLayout with a non-identity inner,
// i over [0, size(axes)) (TIR.1.5.SYNC.participant-indices). The participant summary is what
// the barrier mapping reads: base = the minimum, count = size(outer) (TIR.1.5.SYNC.
// base-and-count), the topology domain, and whether the set is exactly the contiguous
// interval [base, base + count) with no repeats. These are computed once here and shared by
// verify, codegen, the evaluator and `tf layout` (TIR.1.5.SYNC.shared-classifier).
//
// Everything here needs static extents and strides (a Diagnostic otherwise) and enumerates
// at most kMeshEnumerationLimit positions; beyond that, a Diagnostic rather than a guess.
#pragma once

#include <cstdint>
#include <vector>

#include "ir/layout/mesh.h"
#include "ir/support/result.h"

namespace tf {

/// The largest number of mesh positions the participant routines enumerate.
inline constexpr std::int64_t kMeshEnumerationLimit = std::int64_t{1} << 22;

/// The device indices of the mesh positions in mesh-coordinate order (see the design note).
/// Diagnostic (category Type) when the mesh is symbolic, too large to enumerate, or an inner
/// component rejects an index.
Result<std::vector<std::int64_t>> image(const Mesh& m);

/// The participant set in the terms of the barrier mapping.
struct ParticipantSummary {
  std::int64_t base = 0;        ///< the smallest participating device index
  std::int64_t count = 0;       ///< size(outer): the number of mesh positions
  std::int64_t domain = 0;      ///< the topology domain (product of the topology extents)
  bool duplicate_free = true;   ///< no device index is named twice
  bool contiguous = true;       ///< the set is exactly [base, base + count), no repeats
  bool within_domain = true;    ///< every index lies in [0, domain)
  friend bool operator==(const ParticipantSummary&, const ParticipantSummary&) = default;
};

/// The summary of image(m). Diagnostic as for image, or for a symbolic topology extent.
/// A mesh of no position (an extent 0) has count 0, base 0 and is contiguous.
Result<ParticipantSummary> summarize_participants(const Mesh& m);

}  // namespace tf
