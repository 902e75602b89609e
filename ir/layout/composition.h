// composition: the layout of the function A ∘ B, R(c) = A(B(c)).
//
// Design note. Layouts are functions from flat indices to offsets, so composing them is
// function composition: R has B's domain (R is congruent to B mode by mode: one top-level mode
// of R per top-level mode of B, each possibly split further) and R(i) == A(B(i)).
//
// Because composition distributes over B's modes (A ∘ (B0, B1) = (A ∘ B0, A ∘ B1)), everything
// reduces to A ∘ N:M for one leaf of B with extent N and stride M. A is first coalesced into
// flat modes (s_0:d_0, ..., s_{n-1}:d_{n-1}), keeping its last mode even when it has extent 1.
// The value A(x) of an index x beyond size(A) follows CuTe's extended domain: the last mode's
// coordinate is not reduced modulo its extent, so A keeps stepping by d_{n-1} past its end.
// The walk over A's modes keeps r (the stride still to divide out, initially M) and n (the
// extent still to place, initially N); for each non-last mode s:d, while n > 1:
//   - s divides r:                 the mode is skipped entirely; r /= s.
//   - r*(n-1) < s:                 all remaining indices fall inside this mode
//                                  ("truncation"): emit n:(r*d); done.
//   - r divides s, t = s/r:        emit t:(r*d); then n must be a multiple of t (the SHAPE
//                                  DIVISIBILITY condition); n /= t; r = 1.
//   - otherwise:                   the STRIDE DIVISIBILITY condition fails.
// The last mode absorbs whatever is left: emit n:(r*d_{n-1}). The emitted modes are coalesced.
// A leaf of B with stride 0 composes to N:0.
//
// Distributing over B's modes is only sound when their offsets do not interfere inside A:
// A(x + y) == A(x) + A(y) holds when adding the mode coordinates of x and y in A never carries
// from one mode of A into the next. So the walk also records, for every leaf of B and every
// non-last mode k of A, the largest coordinate the leaf reaches in mode k (r*(n-1) after a
// truncation, s - r after a division), and these reaches, summed over all leaves of B, must
// stay below s_k: the DISJOINTNESS condition. (B = (2, 2):(1, 1) against A = (2, 8):(1, 10)
// violates it: B(3) = 2 carries into A's second mode, while A(1) + A(1) = 2 != A(2) = 10.)
//
// Admissibility (exactly what is accepted): static layouts, positive extents; for every leaf
// N:M of B (M > 0), on the coalesced modes of A, each mode that B's remaining stride neither
// skips (s | r) nor fits into (r*(n-1) < s) satisfies r | s (stride divisibility) and t | n
// with t = s/r (shape divisibility); and B's leaves are disjoint in A as above. A leaf N:0
// always composes to N:0. Anything else is a Diagnostic naming the condition, never a guess;
// CuTe would return a layout in the disjointness case, which is not A ∘ B pointwise.
//
// Worked example (CuTe's documentation): A = Layout((6, 2), (8, 2)), B = Layout((4, 3), (3, 1))
//   A ∘ 4:3 = Layout((2, 2), (24, 2)),  A ∘ 3:1 = Layout(3, 8),
//   R = Layout(((2, 2), 3), ((24, 2), 8)).
#pragma once

#include <vector>

#include "ir/layout/layout.h"
#include "ir/support/result.h"

namespace tf {

/// A ∘ B (see above).
///   @pre  A and B static with positive extents; the divisibility and disjointness
///         conditions hold.
///   @post size(R) == size(B), rank(R) == rank(B) when B is a tuple,
///         R(i) == A(B(i)) for every i in [0, size(B)) (A on its extended domain).
Result<Layout> composition(const Layout& a, const Layout& b);

/// By-mode composition with a tiler: mode i of A is composed with tiler[i] for
/// i < tiler.size(); A's remaining modes are kept (tiler.h's walk). Diagnostic when the tiler
/// is empty or has more entries than A has modes. Example: composition(Layout((8, 6)), {Layout(4, 2), Layout(3, 1)}) is
/// Layout((4, 3), (2, 8)).
Result<Layout> composition(const Layout& a, const std::vector<Layout>& tiler);

}  // namespace tf
