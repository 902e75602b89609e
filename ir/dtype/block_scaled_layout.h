// The default grouping of a block-scaled tensor (docs/decisions.md D3): blocks run along the last
// logical axis.
//
// Level 0 is the element plane over the logical shape. Level i + 1 has the shape of level i
// with its last axis divided by levels[i].block (which must divide it), or the rank-0 shape
// () for a final Whole level (one scale for the whole tensor). The adjacent layout of edge i
// maps each row-major level-i coordinate (..., k) to the level-(i+1) coordinate (..., k / b).
// These are the facts a block-scaled TensorType hands to RepresentationValidationContext;
// the general LevelExtent validation does not assume them.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "ir/dtype/block_scaled.h"
#include "ir/dtype/tabulated_layout.h"
#include "ir/dtype/validation_context.h"

namespace tf {

/// The shape of every level (plane), element plane first. Fails for a rank-0 or negative
/// logical shape (usage) and for a last axis that a block does not divide
/// (DTREP.LEVELEXTENT.int-cardinality).
Result<std::vector<LevelShape>> block_scaled_level_shapes(
    const BlockScaledDType& dtype, std::span<const std::int64_t> logical_shape);

/// The adjacent layout of every edge for those level shapes (row-major grouping along the
/// last axis). Precondition: `level_shapes` came from block_scaled_level_shapes(dtype, ...).
std::vector<TabulatedLayout> block_scaled_adjacent_layouts(
    const BlockScaledDType& dtype, std::span<const LevelShape> level_shapes);

}  // namespace tf
