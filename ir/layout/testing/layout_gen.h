// RapidCheck generators for IntTuples and layouts (docs/fuzzing.md).
//
// Every generator shrinks (they are built with rc::gen::exec, so RapidCheck shrinks each
// choice: ranks, nesting, extents and strides all move towards small values) and produces
// only valid, static layouts. The sizes stay within LayoutGenOptions::max_size so properties
// can compare against brute-force enumeration of the whole domain.
//
//   gen_shape              nested shapes: rank min_rank..max_rank, depth <= max_depth,
//                          extents 1..max_extent, size <= max_size
//   gen_layout             any strides in [0, max_stride] (zero strides about 1 in 6)
//   gen_nested_layout      injective layouts whose modes nest (complement.h's admissibility:
//                          a permuted compact layout with gaps), the inputs of complement,
//                          left_inverse, logical_divide and logical_product
//   gen_composable_pair    (A, B) with A any gen_layout and B built leaf by leaf to satisfy
//                          composition's divisibility and disjointness conditions against A
//                          (composition.h), including truncation inside a mode, running over
//                          A's end and stride-0 leaves
#pragma once

#include <rapidcheck.h>

#include <cstdint>
#include <utility>

#include "ir/layout/int_tuple.h"
#include "ir/layout/layout.h"
#include "ir/layout/print.h"

namespace tf::fuzz {

/// Bounds for the layout generators.
struct LayoutGenOptions {
  int min_rank = 1;                ///< top-level modes, at least 1
  int max_rank = 4;
  int max_depth = 2;               ///< nesting depth of the shape (0: a single leaf allowed)
  std::int64_t max_extent = 16;    ///< per leaf
  std::int64_t max_size = 2048;    ///< product of all extents
  std::int64_t max_stride = 48;    ///< gen_layout's strides lie in [0, max_stride]
  bool zero_strides = true;        ///< whether gen_layout may produce stride-0 leaves
  /// Extents, gen_layout's non-zero strides and gen_nested_layout's gaps all powers of two.
  /// Such layouts always meet composition's divisibility conditions (of two powers of two,
  /// one divides the other), so logical_divide(A, B) with B nested and logical_product(A, B)
  /// with A and B nested are always admissible.
  bool powers_of_two = false;
};

/// A nested static shape within `opts` (a leaf only when max_depth is 0 or by chance at rank 1).
rc::Gen<IntTuple> gen_shape(LayoutGenOptions opts = {});

/// A layout over gen_shape with arbitrary strides in [0, max_stride].
rc::Gen<Layout> gen_layout(LayoutGenOptions opts = {});

/// An injective layout whose modes nest: sorted by stride, every stride is a multiple
/// (1 to 3 times, or 1 to 2 with powers_of_two) of the previous mode's extent*stride, the gaps
/// multiplying to at most 8; the modes appear in random order.
rc::Gen<Layout> gen_nested_layout(LayoutGenOptions opts = {});

/// A pair (A, B) for which composition(A, B) is admissible by construction.
rc::Gen<std::pair<Layout, Layout>> gen_composable_pair(LayoutGenOptions opts = {});

/// A layout with the same shape structure as `shape` and the given flat strides.
/// Precondition: strides.size() == number of leaves of `shape`.
Layout layout_with_flat_strides(const IntTuple& shape, const std::vector<std::int64_t>& strides);

}  // namespace tf::fuzz
