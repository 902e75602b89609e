// Layout: CuTe's shape:stride function from coordinates to offsets (TFIR `Layout(shape, strides)`).
//
// Design note. A Layout is a pair of congruent IntTuples, shape and stride. It maps a
// coordinate of its shape to the offset  sum_k c_k * d_k  over the leaves (c_k the coordinate,
// d_k the stride of leaf k). Coordinates come in three interchangeable forms:
//  - a flat index i in [0, size), read colexicographically (leftmost leaf fastest): for shape
//    (s0, s1, s2) it is c0 + s0*c1 + s0*s1*c2;
//  - a natural coordinate congruent with the shape;
//  - anything in between: an integer at a tuple mode is that mode's own colexicographic index.
// So `Layout((4, 8), (1, 4))` is the column-major 4x8 matrix and `Layout((4, 8), (8, 1))` the
// row-major one; both map flat index 5 (= coordinate (1, 1)) to 5 and 9 respectively.
//
// Vocabulary (CuTe's): size = product of the shape (the domain [0, size)); cosize = one past
// the largest offset (the codomain [0, cosize)); rank = number of top-level modes; depth =
// nesting depth; mode(i) = the sub-layout of top-level mode i.
//
// What `make` accepts: shape and stride congruent; extents >= 0; strides >= 0 (negative
// strides, CuTe's "beta" feature, are not part of the IR); leaves static or symbolic; a
// static layout's size and its span (sum of extent*stride over the leaves) at most 2^62, so
// no offset arithmetic on a valid layout can overflow. An omitted stride means compact
// column-major (CuTe's default). Everything numeric about a layout needs static leaves and
// reports a Diagnostic naming the symbol otherwise. The layout algebra lives in its own
// headers: coalesce.h, composition.h, complement.h, divide_product.h, inverse.h,
// injectivity.h; the printed form in print.h.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "ir/layout/int_tuple.h"
#include "ir/support/result.h"

namespace tf {

/// Static layouts never exceed this size or span (see the design note).
inline constexpr std::int64_t kMaxLayoutExtent = std::int64_t{1} << 62;

/// An immutable shape:stride layout, created only through a checking factory.
class Layout {
 public:
  /// The checking factory: Diagnostic when shape and stride are not congruent, an extent or
  /// stride is negative, a symbol is malformed (empty name, lo >= hi, negative extent bound),
  /// or a static layout is too large. A missing stride means compact column-major.
  static Result<Layout> make(IntTuple shape, std::optional<IntTuple> stride = std::nullopt);
  /// For the algebra's own results: parts already known valid. A violation is a bug in the
  /// caller (InternalError), not bad input.
  static Layout make_known_valid(IntTuple shape, IntTuple stride);

  /// The extents, congruent with stride().
  const IntTuple& shape() const { return shape_; }
  /// The strides, congruent with shape().
  const IntTuple& stride() const { return stride_; }

  /// Top-level mode i as a layout; mode 0 of a leaf layout is the layout itself.
  /// Precondition: i < rank (otherwise InternalError).
  Layout mode(int i) const;

  /// The offset of a coordinate (flat index, natural or partially flattened coordinate).
  /// Diagnostic when the layout is symbolic, the coordinate does not fit the shape, or a
  /// coordinate entry is out of its extent's range.
  Result<std::int64_t> operator()(const IntTuple& coord) const;

  /// Structural equality of shape and stride (not functional equality: coalesce first for that).
  friend bool operator==(const Layout& a, const Layout& b) {
    return a.shape_ == b.shape_ && a.stride_ == b.stride_;
  }

 private:
  Layout(IntTuple shape, IntTuple stride) : shape_(std::move(shape)), stride_(std::move(stride)) {}
  IntTuple shape_;
  IntTuple stride_;
};

/// Number of top-level modes (1 for a leaf layout).
int rank(const Layout& l);
/// Nesting depth of the shape (0 for a leaf layout).
int depth(const Layout& l);
/// The same function with every leaf a top-level mode (depth <= 1).
Layout flatten(const Layout& l);
/// True when every extent and stride is a static integer.
bool is_static(const Layout& l);
/// Domain size: the product of the shape. Diagnostic for a symbolic extent.
Result<std::int64_t> size(const Layout& l);
/// Codomain size: one past the largest offset (0 for an empty domain). With non-negative
/// strides the largest offset is that of the last coordinate. Diagnostic when symbolic.
Result<std::int64_t> cosize(const Layout& l);
/// crd2idx: the offset of a coordinate (same as l(coord)).
Result<std::int64_t> crd2idx(const Layout& l, const IntTuple& coord);
/// idx2crd: the natural coordinate of flat index `index` in l's domain.
Result<IntTuple> idx2crd(const Layout& l, std::int64_t index);
/// Concatenation: each layout becomes one top-level mode of the result, in order
/// (CuTe's make_layout(L0, L1, ...)). An empty list gives the rank-0 layout `Layout((), ())`.
/// Diagnostic only when the concatenation exceeds the size bound.
Result<Layout> make_layout(const std::vector<Layout>& modes);

}  // namespace tf
