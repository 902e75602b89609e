#include "ir/numerics/block_format_of.h"

#include <fmt/format.h>

#include "ir/dtype/block_scaled.h"

namespace tf::numerics {

Result<BlockScaleFormat> block_scale_format_of(DType dtype) {
  const BlockScaledDType* b = dtype.valid() ? as_block_scaled(dtype) : nullptr;
  if (!b)
    return category_error(DiagCategory::Usage,
                          fmt::format("'{}' is not a block-scaled dtype",
                                      dtype.valid() ? std::string(dtype.name()) : "<invalid>"));
  auto levels = b->levels();
  bool one_level = levels.size() == 1 && !levels[0].is_whole();
  bool with_tensor_scale = levels.size() == 2 && !levels[0].is_whole() && levels[1].is_whole() &&
                           levels[1].scale() == DType::f32();
  if (!one_level && !with_tensor_scale)
    return category_error(
        DiagCategory::Usage,
        fmt::format("quantize has no method for '{}': it supports one integer level (MX), or one "
                    "integer level followed by a Whole f32 level (NVFP4)",
                    dtype.name()));
  BlockScaleFormat f;
  f.element = b->element();
  f.block_scale = levels[0].scale();
  f.block_size = levels[0].block().count();
  if (with_tensor_scale) f.tensor_scale = DType::f32();
  return f;
}

ScaleMethod default_scale_method(const BlockScaleFormat& format) {
  return format.tensor_scale.valid() ? ScaleMethod::Nvfp4 : ScaleMethod::Ocp;
}

}  // namespace tf::numerics
