// The storage size of a compound-dtype tensor (docs/decisions.md D2): the sum over its planes, each
// rounded up to whole bytes. TensorType's tensor_bytes uses this for compound dtypes.
#pragma once

#include <cstdint>
#include <span>

#include "ir/dtype/compound.h"
#include "ir/support/result.h"

namespace tf {

/// For a block-scaled dtype grouping along the last axis (D3): ceil(elements x element bits
/// / 8) for the element plane over `logical_shape`, plus ceil(scales x scale bits / 8) for
/// each scale plane over its level shape. Fails where block_scaled_level_shapes fails, and
/// for a compound dtype that is not block-scaled (its level shapes are not defined).
Result<std::int64_t> compound_storage_bytes(const CompoundDType& dtype,
                                            std::span<const std::int64_t> logical_shape);

}  // namespace tf
