// The bridge from a block-scaled dtype descriptor (ir/dtype) to the numeric format that
// quantize / dequantize work on (ir/numerics/block_scale.h).
#pragma once

#include "ir/numerics/block_scale.h"
#include "ir/dtype/dtype.h"
#include "ir/support/result.h"

namespace tf::numerics {

/// The BlockScaleFormat of a block-scaled dtype with one integer level (MX: element + one
/// scale per block) or one integer level followed by a Whole f32 level (NVFP4). Other dtypes,
/// and chains quantize has no method for, get a usage diagnostic.
Result<BlockScaleFormat> block_scale_format_of(DType dtype);

/// The scale method D3 uses when a cast does not say: nvfp4 for a format with a tensor scale,
/// ocp otherwise.
ScaleMethod default_scale_method(const BlockScaleFormat& format);

}  // namespace tf::numerics
