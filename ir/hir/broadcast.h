// broadcast_shapes: NumPy-style right-aligned broadcasting of two logical shapes
// (upstream's HIR catalogue, hir.math.Binary).
//
// Shapes are aligned at their last axis; a missing leading axis counts as extent 1. Per axis
// the extents must be equal (structurally, for symbolic dims) or one of them the static 1, and
// the result takes the other. A symbolic extent against a static extent other than 1, or
// against a structurally different symbolic extent, is not provably broadcastable and is
// rejected (the rule never guesses a runtime extent).
#pragma once

#include <vector>

#include "ir/support/result.h"
#include "ir/type/shape_dim.h"

namespace tf::hir {

/// The broadcast of `a` and `b`, or one Diagnostic (category Type) naming both shapes and the
/// first (rightmost) incompatible axis, counted from the end: "shapes (4, 3) and (2,) do not
/// broadcast: axis -1 has extents 3 and 2".
Result<std::vector<ShapeDim>> broadcast_shapes(const std::vector<ShapeDim>& a,
                                               const std::vector<ShapeDim>& b);

/// "(4, 3)", "(N,)", "()".
std::string shape_text(const std::vector<ShapeDim>& shape);

}  // namespace tf::hir
