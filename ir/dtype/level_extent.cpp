#include "ir/dtype/level_extent.h"

#include <fmt/format.h>

#include "ir/dtype/validation_context.h"

namespace tf {

Result<Ref<const LevelExtent>> LevelExtent::make(ExactInt level, BlockExtent extent) {
  std::vector<Diagnostic> errors;
  if (level.value() < 0)
    errors.push_back(rule_error(
        "DTREP.LEVELEXTENT.level-range",
        fmt::format("ValueError: LevelExtent level must be a non-negative integer, found {}",
                    level.value())));
  if (!extent.is_whole() && extent.count() < 1)
    errors.push_back(rule_error(
        "DTREP.LEVELEXTENT.extent-range",
        fmt::format("ValueError: LevelExtent extent must be a positive integer or Whole, found {}",
                    extent.count())));
  if (!errors.empty()) return errors;
  return make_rule<LevelExtent>(level.value(), extent);
}

StructureTuple LevelExtent::structure_extension() const { return {level_, extent_}; }

std::optional<Diagnostic> LevelExtent::validate(
    const RepresentationValidationContext& context) const {
  const std::string self = structure().str();
  auto edges = context.adjacent_layouts();
  if (level_ >= static_cast<std::int64_t>(edges.size()))
    return rule_error("DTREP.LEVELEXTENT.missing-edge",
                      fmt::format("ValueError: {} needs adjacent edge {}, but the "
                                  "representation has {} adjacent layouts",
                                  self, level_, edges.size()));
  const TabulatedLayout& edge = edges[static_cast<std::size_t>(level_)];
  const std::int64_t sources = edge.source_size();
  const std::int64_t targets = edge.target_size();
  const std::vector<std::int64_t> counts = edge.preimage_counts();

  if (extent_.is_whole()) {
    if (targets != 1 || counts[0] != sources)
      return rule_error("DTREP.LEVELEXTENT.whole-single-target",
                        fmt::format("ValueError: {} needs edge {} to map all {} source "
                                    "coordinates onto one target, found {} targets",
                                    self, level_, sources, targets));
    return std::nullopt;
  }
  const std::int64_t k = extent_.count();
  if (sources != k * targets)
    return rule_error("DTREP.LEVELEXTENT.int-cardinality",
                      fmt::format("ValueError: {} needs edge {} to have {} x {} = {} source "
                                  "coordinates, found {}",
                                  self, level_, k, targets, k * targets, sources));
  for (std::size_t t = 0; t < counts.size(); ++t)
    if (counts[t] != k)
      return rule_error("DTREP.LEVELEXTENT.int-uniform-preimages",
                        fmt::format("ValueError: {} needs {} preimages per target on edge {}, "
                                    "but target {} has {}",
                                    self, k, level_, t, counts[t]));
  return std::nullopt;
}

}  // namespace tf
