// coalesce: the simplest layout with the same function on its domain.
//
// coalesce(L) flattens L, drops extent-1 modes and merges each pair of neighbouring modes
// s0:d0, s1:d1 with s0*d0 == d1 into (s0*s1):d0 (the second mode continues the first).
// Worked example: Layout((2, (1, 6)), (1, (6, 2))) coalesces to Layout(12, 1).
//   @post size(result) == size(L), depth(result) <= 1
//   @post result(i) == L(i) for every i in [0, size(L))
//   @post no mode of the result has extent 1 (unless the result is 1:0), and no two
//         neighbouring modes can merge: the result is the canonical form of the function.
// By-mode coalesce keeps the top-level structure: coalesce(L, profile) with a tuple profile
// coalesces mode i of L by profile[i] (recursively) for i < rank(profile) and keeps the other
// modes unchanged; a leaf profile coalesces the whole (sub)layout. Example:
// coalesce(Layout((2, (1, 6)), (1, (6, 2))), (1, 1)) is Layout((2, 6), (1, 2)).
#pragma once

#include "ir/layout/int_tuple.h"
#include "ir/layout/layout.h"
#include "ir/support/result.h"

namespace tf {

/// The canonical flat form of L's function (see above). Diagnostic for a symbolic layout.
Result<Layout> coalesce(const Layout& l);

/// CuTe's filter: coalesce(L) after every stride-0 mode is replaced by extent 1, so the
/// result keeps only the modes that reach distinct offsets (the image of L, once each, in
/// order). Example: filter(Layout((2, 4, 3), (0, 1, 4))) is Layout(12, 1); a layout of stride-0
/// modes only filters to 1:0. Diagnostic for a symbolic layout.
///   @post the offsets of the result are the distinct offsets of L, in increasing index order
Result<Layout> filter(const Layout& l);

/// By-mode coalesce along `profile` (see above). Diagnostic for a symbolic layout or a tuple
/// profile of higher rank than the (sub)layout it applies to.
Result<Layout> coalesce(const Layout& l, const IntTuple& profile);

}  // namespace tf
