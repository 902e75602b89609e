#include "ir/dtype/storage_bytes.h"

#include <fmt/format.h>

#include "ir/dtype/block_scaled_layout.h"

namespace tf {

Result<std::int64_t> compound_storage_bytes(const CompoundDType& dtype,
                                            std::span<const std::int64_t> logical_shape) {
  const BlockScaledDType* bs = dtype.as_block_scaled();
  if (bs == nullptr)
    return category_error(DiagCategory::Usage,
                          fmt::format("the storage size of compound dtype {} is not defined: only "
                                      "block-scaled dtypes have level shapes (D2, D3)",
                                      dtype.name()));
  Result<std::vector<LevelShape>> shapes = block_scaled_level_shapes(*bs, logical_shape);
  TF_TRY(shapes);
  std::int64_t bytes = 0;
  for (std::size_t plane = 0; plane < shapes->size(); ++plane) {
    const std::int64_t bits =
        shape_element_count((*shapes)[plane]) * dtype.simple_types()[plane].bit_width();
    bytes += (bits + 7) / 8;
  }
  return bytes;
}

}  // namespace tf
