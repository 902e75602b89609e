// The arrangements of logical_divide and logical_product that CuTe names (cute/layout.hpp):
// the same elements in the same order, grouped differently so that "the tile" and "the rest"
// can be indexed as wholes.
//
// With a tiler of one layout per leading mode of A, (B0, B1), the by-mode logical_divide is
// ((T0, R0), (T1, R1), A2, ...), Ti the tile of mode i and Ri its rest. Then
//   zipped_divide(A, tiler) = ((T0, T1), (R0, R1, A2, ...))   the tile, then everything else
//   tiled_divide(A, tiler)  = ((T0, T1), R0, R1, A2, ...)     the tile, then each rest mode
//   flat_divide(A, tiler)   = (T0, T1, R0, R1, A2, ...)
// and zipped_product / tiled_product / flat_product regroup the by-mode logical_product
// ((A0, C0), (A1, C1), ...) the same way. With a single layout B as the tiler, logical_divide is
// already (tile, rest), and the zipped form is that layout itself.
//
// blocked_product(A, B) and raked_product(A, B) repeat the block A over B rank by rank: both
// pad A and B with 1:0 modes to the same rank R, take P = logical_product(A', B') =
// (A', C ∘ B'), and interleave its two halves mode by mode:
//   blocked_product = ((A0, P1_0), (A1, P1_1), ...)   each block contiguous in its mode
//   raked_product   = ((P1_0, A0), (P1_1, A1), ...)   the blocks interleaved (raked)
// Example (CuTe's documentation): blocked_product(Layout((2, 5), (5, 1)), Layout((3, 4), (1, 3)))
// = Layout(((2, 3), (5, 4)), ((5, 10), (1, 30))); raked_product of the same operands
// = Layout(((3, 2), (4, 5)), ((10, 5), (30, 1))).
// Every form has the size and the function (as a set of offsets) of the logical operation it
// rearranges; diagnostics are those of logical_divide / logical_product.
#pragma once

#include <vector>

#include "ir/layout/layout.h"
#include "ir/support/result.h"

namespace tf {

/// ((tile modes), (rest modes)) of the by-mode logical_divide (see above).
Result<Layout> zipped_divide(const Layout& a, const std::vector<Layout>& tiler);
/// ((tile modes), rest modes...) of the by-mode logical_divide.
Result<Layout> tiled_divide(const Layout& a, const std::vector<Layout>& tiler);
/// (tile modes..., rest modes...) of the by-mode logical_divide.
Result<Layout> flat_divide(const Layout& a, const std::vector<Layout>& tiler);

/// ((A modes), (repetition modes)) of the by-mode logical_product.
Result<Layout> zipped_product(const Layout& a, const std::vector<Layout>& tiler);
/// ((A modes), repetition modes...) of the by-mode logical_product.
Result<Layout> tiled_product(const Layout& a, const std::vector<Layout>& tiler);
/// (A modes..., repetition modes...) of the by-mode logical_product.
Result<Layout> flat_product(const Layout& a, const std::vector<Layout>& tiler);

/// A repeated over B, each copy of A contiguous in its mode (see above).
Result<Layout> blocked_product(const Layout& a, const Layout& b);
/// A repeated over B, the copies interleaved mode by mode (see above).
Result<Layout> raked_product(const Layout& a, const Layout& b);

}  // namespace tf
