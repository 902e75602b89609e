// The algebra's working form (internal to ir/layout): a static layout as its flat list of
// (extent, stride) leaves in colexicographic order, plus the conversions in and out.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "ir/layout/layout.h"
#include "ir/support/result.h"

namespace tf::layout_detail {

/// One flat leaf of a layout.
struct Mode {
  std::int64_t shape;
  std::int64_t stride;
  friend bool operator==(const Mode&, const Mode&) = default;
};
using Modes = std::vector<Mode>;

/// The flat modes of `l`. Diagnostic (naming `op`) when `l` has a symbolic entry, or, with
/// `positive_extents`, an extent of 0.
Result<Modes> static_modes(const Layout& l, std::string_view op, bool positive_extents);

/// The layout of flat modes: one mode gives a leaf layout, several a flat tuple, none `1:0`.
/// Diagnostic when the result exceeds the layout size bound.
Result<Layout> layout_of(const Modes& modes);

/// CuTe's coalesce on flat modes: drop extent-1 modes, merge neighbours where
/// extent_k * stride_k == stride_{k+1}; an all-dropped list becomes {1:0}. Keeps the function
/// on [0, size). (Defined in coalesce.cpp.)
Modes coalesce_modes(const Modes& modes);

/// An error of the layout algebra (a precondition the input does not meet).
Diagnostic algebra_error(std::string message);

}  // namespace tf::layout_detail
