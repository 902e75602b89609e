// complement: the layout that fills the gaps of L's image and repeats it up to a cotarget.
//
// Design note. For a layout L and a cotarget M, complement(L, M) is the layout C whose shifted
// copies of L's image, C(j) + image(L) for j in [0, size(C)), tile [0, K) exactly, where K is
// M rounded up to a whole number of L's span:
//   - C is strictly increasing (C(j) < C(j+1));
//   - the copies C(j) + image(L) are pairwise disjoint (C(0) = 0: the first is L's image);
//   - together they cover [0, K): K = |image(L)| * size(C) = span * ceil(M / span), where
//     span = max over L's non-trivial modes of extent*stride (1 when L is constant).
// Modes with extent 1 or stride 0 do not move L's image and are ignored (pycute's behaviour).
//
// Admissibility: static, positive extents, M >= 1, and L's remaining modes, sorted by stride,
// must nest: each stride is a multiple of the previous mode's extent*stride (the first stride
// is a multiple of 1). Then the gap below each mode is a whole number of the previous span.
// A stride inside the previous mode's span (e.g. Layout((3, 2), (2, 3))) or one that leaves a
// fractional gap is a Diagnostic.
//
// Worked examples: complement(Layout(4, 1), 24) = Layout(6, 4);
// complement(Layout(6, 4), 24) = Layout(4, 1);  complement(Layout((2, 2), (1, 6)), 24) =
// Layout((3, 2), (2, 12)).
#pragma once

#include <cstdint>

#include "ir/layout/layout.h"
#include "ir/support/result.h"

namespace tf {

/// complement(L, cotarget) (see above).
///   @pre  L static with positive extents, its non-trivial modes nest; cotarget >= 1.
///   @post the copies C(j) + image(L) tile [0, span * ceil(cotarget / span)) exactly;
///         C is strictly increasing and coalesced.
Result<Layout> complement(const Layout& l, std::int64_t cotarget = 1);

}  // namespace tf
