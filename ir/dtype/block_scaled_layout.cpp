#include "ir/dtype/block_scaled_layout.h"

#include <fmt/format.h>

#include "ir/support/check.h"

namespace tf {

Result<std::vector<LevelShape>> block_scaled_level_shapes(
    const BlockScaledDType& dtype, std::span<const std::int64_t> logical_shape) {
  if (logical_shape.empty())
    return category_error(DiagCategory::Usage,
                          fmt::format("a {} tensor groups along its last axis and needs rank >= 1",
                                      dtype.name()));
  for (std::int64_t e : logical_shape)
    if (e < 0)
      return category_error(DiagCategory::Usage,
                            fmt::format("negative extent {} in a {} shape", e, dtype.name()));
  std::vector<LevelShape> shapes{LevelShape(logical_shape.begin(), logical_shape.end())};
  for (std::size_t i = 0; i < dtype.levels().size(); ++i) {
    const Level& level = dtype.levels()[i];
    if (level.is_whole()) {
      shapes.push_back(LevelShape{});
      continue;
    }
    LevelShape next = shapes.back();
    const std::int64_t block = level.block().count();
    if (next.empty() || next.back() % block != 0)
      return rule_error(
          "DTREP.LEVELEXTENT.int-cardinality",
          fmt::format("ValueError: {} level {} groups {} coordinates along the last axis, which "
                      "has extent {}; it must be a multiple of {}",
                      dtype.name(), i, block, next.empty() ? 0 : next.back(), block));
    next.back() /= block;
    shapes.push_back(std::move(next));
  }
  return shapes;
}

std::vector<TabulatedLayout> block_scaled_adjacent_layouts(
    const BlockScaledDType& dtype, std::span<const LevelShape> level_shapes) {
  TF_CHECK(level_shapes.size() == dtype.levels().size() + 1, "level shapes do not fit {}",
           dtype.name());
  std::vector<TabulatedLayout> edges;
  for (std::size_t i = 0; i < dtype.levels().size(); ++i) {
    const LevelShape& from = level_shapes[i];
    const std::int64_t sources = shape_element_count(from);
    const std::int64_t targets = shape_element_count(level_shapes[i + 1]);
    std::vector<std::int64_t> map(static_cast<std::size_t>(sources), 0);
    if (!dtype.levels()[i].is_whole()) {
      // Row-major: index = row * last + k maps to row * (last / block) + k / block.
      const std::int64_t block = dtype.levels()[i].block().count();
      const std::int64_t last = from.back();
      for (std::int64_t s = 0; s < sources; ++s)
        map[static_cast<std::size_t>(s)] = (s / last) * (last / block) + (s % last) / block;
    }
    Result<TabulatedLayout> edge = TabulatedLayout::make(targets, std::move(map));
    TF_CHECK(edge.ok(), "default grouping of {} is out of range", dtype.name());
    edges.push_back(*edge);
  }
  return edges;
}

}  // namespace tf
