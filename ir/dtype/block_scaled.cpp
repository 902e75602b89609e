#include "ir/dtype/block_scaled.h"

#include <fmt/format.h>

#include "ir/dtype/level_extent.h"
#include "ir/support/check.h"

namespace tf {

namespace {

// The derived compound arguments: schema (element, scales...), LevelExtent rules, Any.
CompoundDTypeArgs derive_compound_args(const BlockScaledDTypeArgs& args) {
  CompoundDTypeArgs out;
  out.name = args.name;
  out.supertype = DTypeCategory::any();
  out.simple_types.push_back(args.element);
  for (std::size_t i = 0; i < args.levels.size(); ++i) {
    out.simple_types.push_back(args.levels[i].scale());
    Result<Ref<const LevelExtent>> rule = LevelExtent::make(i, args.levels[i].block());
    TF_CHECK(rule.ok(), "a validated level yields an invalid LevelExtent");
    out.representation_rules.push_back(*rule);
  }
  return out;
}

}  // namespace

std::vector<Diagnostic> BlockScaledDType::check_args(const BlockScaledDTypeArgs& args) {
  std::vector<Diagnostic> errors;
  if (!args.element.valid() || !args.element.is_simple())
    errors.push_back(rule_error(
        "DTREP.BLOCKSCALED.element-type",
        fmt::format("TypeError: the element of block-scaled dtype '{}' must be a simple dtype, "
                    "found {}",
                    args.name,
                    args.element.valid() ? "the compound dtype " + std::string(args.element.name())
                                         : std::string("an invalid dtype handle"))));
  if (args.levels.empty())
    errors.push_back(rule_error(
        "DTREP.BLOCKSCALED.levels-empty",
        fmt::format("ValueError: block-scaled dtype '{}' needs at least one level", args.name)));
  for (std::size_t i = 0; i + 1 < args.levels.size(); ++i)
    if (args.levels[i].is_whole())
      errors.push_back(rule_error(
          "DTREP.BLOCKSCALED.non-final-whole",
          fmt::format("ValueError: level {} of block-scaled dtype '{}' is Whole, but only the "
                      "final level (level {}) may be Whole",
                      i, args.name, args.levels.size() - 1)));
  return errors;
}

BlockScaledDType::BlockScaledDType(BlockScaledDTypeArgs args, Key key)
    : CompoundDType(derive_compound_args(args), key),
      element_(args.element),
      levels_(std::move(args.levels)) {}

int BlockScaledDType::num_axes() const {
  int axes = 0;
  for (const Level& l : levels_) axes += l.is_whole() ? 0 : 1;
  return axes;
}

BitsPerElement BlockScaledDType::bits_per_element() const {
  double bits = element_.bit_width();
  double covered = 1.0;  // elements under one scale of the current level
  for (const Level& l : levels_) {
    if (l.is_whole()) return SymbolicBits(bits, l.scale().bit_width());
    covered *= static_cast<double>(l.block().count());
    bits += l.scale().bit_width() / covered;
  }
  return bits;
}

Result<double> BlockScaledDType::logical_value(double element_value,
                                               std::span<const double> scale_values) const {
  if (scale_values.size() != levels_.size())
    return category_error(DiagCategory::Usage,
                          fmt::format("{} has {} levels, so an element takes {} scales, found {}",
                                      name(), levels_.size(), levels_.size(),
                                      scale_values.size()));
  double value = element_value;
  for (double s : scale_values) value *= s;
  return value;
}

const BlockScaledDType* as_block_scaled(DType dtype) {
  if (!dtype.valid() || !dtype.is_compound()) return nullptr;
  return dtype.compound().as_block_scaled();
}

}  // namespace tf
