#include "ir/dtype/level.h"

#include <fmt/format.h>

namespace tf {

Result<Level> Level::make(DType scale, BlockExtent block) {
  std::vector<Diagnostic> errors;
  if (!scale.valid() || !scale.is_simple())
    errors.push_back(rule_error(
        "DTREP.LEVEL.scale-type",
        fmt::format("TypeError: a Level scale must be a simple dtype, found {}",
                    scale.valid() ? "the compound dtype " + std::string(scale.name())
                                  : std::string("an invalid dtype handle"))));
  if (!block.is_whole() && block.count() < 1)
    errors.push_back(rule_error(
        "DTREP.LEVEL.block-non-positive",
        fmt::format("ValueError: a Level block must be a positive integer or Whole, found {}",
                    block.count())));
  if (!errors.empty()) return errors;
  return Level(scale, block);
}

std::string Level::str() const {
  return fmt::format("Level({}, {})", scale_.name(), block_.str());
}

std::size_t Level::hash() const {
  return scale_.hash() * 1000003u ^ block_.hash();
}

}  // namespace tf
