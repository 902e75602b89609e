// The arrangements of logical_divide and logical_product that CuTe names (cute/layout.hpp):
// the same elements in the same order, grouped differently so that "the tile" and "the rest"
// can be indexed as wholes.
//
// Each takes any tiler (tiler.h: a Layout, a Shape, a tuple of them, `_`) and starts from the
// logical operation R along it. The zipped form gathers R along the same tiler (CuTe's
// tile_unzip, pycute's hier_unzip): at a layout leaf, the pair (tile, rest) that R is there; at
// `_`, the pair (1:0, the kept layout) (pycute's reading; CuTe's C++ has none for `_`); at a
// tuple (T0, T1) over ((T0', R0'), (T1', R1'), X2, ...), the pair ((T0', T1'), (R0', R1', X2,
// ...)), each Ti' and Ri' gathered the same way inside. The other forms unpack it:
//   zipped(A, T) = (Z0, Z1)                      the tile, then everything else
//   tiled(A, T)  = (Z0, Z1's top-level modes...)
//   flat(A, T)   = (Z0's top-level modes..., Z1's top-level modes...)
// So with the tiler (B0, B1) and R = ((T0, R0), (T1, R1), A2, ...):
//   zipped_divide = ((T0, T1), (R0, R1, A2, ...)), tiled_divide = ((T0, T1), R0, R1, A2, ...),
//   flat_divide = (T0, T1, R0, R1, A2, ...);
// with a single layout B, zipped_divide(A, B) is logical_divide(A, B) = (T, R) itself, and
// tiled_divide / flat_divide unpack R's (and for flat, T's) top-level modes. zipped_product /
// tiled_product / flat_product regroup logical_product ((A0, C0), (A1, C1), ...) the same way.
//
// blocked_product(A, B) and raked_product(A, B) take two Layouts (as in CuTe: no tiler) and
// repeat the block A over B rank by rank: both pad A and B with 1:0 modes to the same rank R,
// take P = logical_product(A', B') = (A', C ∘ B'), and interleave its two halves mode by mode:
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
#include "ir/layout/tiler.h"
#include "ir/support/result.h"

namespace tf {

/// (tile, rest) of logical_divide along any tiler (see above).
Result<Layout> zipped_divide(const Layout& a, const Tiler& tiler);
/// (tile, rest modes...) of logical_divide along any tiler.
Result<Layout> tiled_divide(const Layout& a, const Tiler& tiler);
/// (tile modes..., rest modes...) of logical_divide along any tiler.
Result<Layout> flat_divide(const Layout& a, const Tiler& tiler);

/// (block, repetitions) of logical_product along any tiler (see above).
Result<Layout> zipped_product(const Layout& a, const Tiler& tiler);
/// (block, repetition modes...) of logical_product along any tiler.
Result<Layout> tiled_product(const Layout& a, const Tiler& tiler);
/// (block modes..., repetition modes...) of logical_product along any tiler.
Result<Layout> flat_product(const Layout& a, const Tiler& tiler);

/// The forms above with the by-mode tiler (B0, B1, ...) of layouts (Tiler::by_mode).
Result<Layout> zipped_divide(const Layout& a, const std::vector<Layout>& tiler);
Result<Layout> tiled_divide(const Layout& a, const std::vector<Layout>& tiler);
Result<Layout> flat_divide(const Layout& a, const std::vector<Layout>& tiler);
Result<Layout> zipped_product(const Layout& a, const std::vector<Layout>& tiler);
Result<Layout> tiled_product(const Layout& a, const std::vector<Layout>& tiler);
Result<Layout> flat_product(const Layout& a, const std::vector<Layout>& tiler);

/// A repeated over B, each copy of A contiguous in its mode (see above).
Result<Layout> blocked_product(const Layout& a, const Layout& b);
/// A repeated over B, the copies interleaved mode by mode (see above).
Result<Layout> raked_product(const Layout& a, const Layout& b);

}  // namespace tf
