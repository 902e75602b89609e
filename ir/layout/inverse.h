// right_inverse and left_inverse: layouts that undo L on one side.
//
// right_inverse(L) is the largest R such that L(R(i)) == i for every i in [0, size(R)): it
// follows L's modes in increasing stride order from stride 1, each next mode starting exactly
// where the previous one ends (stride == extent*stride of the previous), and maps offset i
// back to its flat index. Modes with extent 1 or stride 0 are skipped; the chain stops at the
// first gap. It always exists (possibly the trivial 1:0).
//   Example: right_inverse(Layout((4, 8), (8, 1))) = Layout((8, 4), (4, 1)).
//
// left_inverse(L) is a layout Q with Q(L(i)) == i for every i in [0, size(L)). It exists for
// an injective L whose modes nest (see complement.h): Q is the right inverse of (L, C) with
// C = complement(L), which is a bijection onto [0, span). Offsets not in L's image map to
// indices outside [0, size(L)).
//   Example: left_inverse(Layout(4, 2)) = Layout((2, 4), (4, 1)): offsets 0, 2, 4, 6 go back to
//   0, 1, 2, 3 and the odd offsets to 4..7.
#pragma once

#include "ir/layout/layout.h"
#include "ir/support/result.h"

namespace tf {

/// The largest right inverse (see above).
///   @pre  L static with positive extents.
///   @post L(R(i)) == i for every i in [0, size(R)); R is coalesced.
Result<Layout> right_inverse(const Layout& l);

/// A left inverse (see above).
///   @pre  L static with positive extents, no extent>1 mode of stride 0, modes nest.
///   @post Q(L(i)) == i for every i in [0, size(L)).
Result<Layout> left_inverse(const Layout& l);

}  // namespace tf
