// logical_divide and logical_product: tiling a layout by another, and repeating one over another.
//
// logical_divide(A, B) = A ∘ (B, complement(B, size(A))).
//   Mode 0 of the result is "the tile" A ∘ B: the elements of A that B selects; mode 1 is
//   "the rest": the tile repeated over the remainder of A's domain. Because (B, C) covers
//   [0, K) with K >= size(A) (see complement.h), every element of A appears in the result.
//   Example (CuTe's documentation): logical_divide(Layout((4, 2, 3), (2, 1, 8)), Layout(4, 2))
//   = Layout(((2, 2), (2, 3)), ((4, 1), (2, 8))).
//   Admissibility: B complementable (its modes nest) and A ∘ (B, C) admissible (composition.h).
//
// logical_product(A, B) = (A, complement(A, size(A) * cosize(B)) ∘ B).
//   Mode 0 is A itself; mode 1 places copies of A's image where B says, in units of A's
//   complement, so the result "reproduces A over B".
//   Example (CuTe's documentation): logical_product(Layout((2, 2), (4, 1)), Layout(6, 1))
//   = Layout(((2, 2), (2, 3)), ((4, 1), (2, 8))).
//   Admissibility: A complementable, C ∘ B admissible.
//
// Any tiler (tiler.h) is applied by its walk (apply_tiler): a layout leaf is the operation
// above on the layout it meets, `_` keeps that layout, a tuple applies its tilers mode by mode
// and keeps A's remaining modes: logical_divide(A, (B0, B1)) = (logical_divide(A0, B0),
// logical_divide(A1, B1), A2, ...), and a Shape is the tuple of its n:1 layouts:
// logical_divide(A, (2, 3)) = logical_divide(A, (2:1, 3:1)). A tuple longer than the rank of
// the layout it meets is a Diagnostic.
#pragma once

#include <vector>

#include "ir/layout/layout.h"
#include "ir/layout/tiler.h"
#include "ir/support/result.h"

namespace tf {

/// A ∘ (B, complement(B, size(A))) (see above).
///   @post rank(R) == 2, R.mode(0) == composition(A, B) as functions, size(R.mode(0)) == size(B).
Result<Layout> logical_divide(const Layout& a, const Layout& b);
/// logical_divide with any tiler (see above): a Whole tiler is logical_divide(A, B).
Result<Layout> logical_divide(const Layout& a, const Tiler& tiler);
/// logical_divide(A, (B0, B1, ...)); Diagnostic when the list is empty or longer than rank(A).
Result<Layout> logical_divide(const Layout& a, const std::vector<Layout>& tiler);

/// (A, complement(A, size(A) * cosize(B)) ∘ B) (see above).
///   @post rank(R) == 2, R.mode(0) == A, size(R) == size(A) * size(B).
Result<Layout> logical_product(const Layout& a, const Layout& b);
/// logical_product with any tiler (see above): a Whole tiler is logical_product(A, B).
Result<Layout> logical_product(const Layout& a, const Tiler& tiler);
/// logical_product(A, (B0, B1, ...)); Diagnostic when the list is empty or longer than rank(A).
Result<Layout> logical_product(const Layout& a, const std::vector<Layout>& tiler);

}  // namespace tf
