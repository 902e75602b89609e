// LevelExtent: the rule that adjacent edge `level` groups `extent` source coordinates under
// each target coordinate, or the whole source level under one (DTREP.LEVELEXTENT.*).
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "ir/dtype/block_extent.h"
#include "ir/dtype/exact_int.h"
#include "ir/dtype/representation_rule.h"

namespace tf {

/// Uniform logical grouping on one adjacent edge. Immutable; made through LevelExtent::make.
class LevelExtent final : public RepresentationRule {
 public:
  static constexpr std::string_view kRuleClassName = "LevelExtent";

  /// Checks level >= 0 (DTREP.LEVELEXTENT.level-range) and a count extent >= 1
  /// (DTREP.LEVELEXTENT.extent-range), both "ValueError"; wrong types do not compile.
  static Result<Ref<const LevelExtent>> make(ExactInt level, BlockExtent extent);

  /// Use make(); the RuleKey keeps every other caller out.
  LevelExtent(RuleKey key, std::int64_t level, BlockExtent extent)
      : RepresentationRule(key), level_(level), extent_(extent) {}

  /// The zero-based adjacent edge.
  std::int64_t level() const { return level_; }
  /// The source coordinates per target coordinate, or Whole.
  const BlockExtent& extent() const { return extent_; }

  /// (level, extent).
  StructureTuple structure_extension() const override;
  /// Edge `level` must exist (missing-edge); for a count k the source cardinality is k times
  /// the target cardinality (int-cardinality) and every target has k preimages
  /// (int-uniform-preimages); for Whole there is one target holding every source
  /// (whole-single-target). Each failure is a "ValueError" diagnostic.
  std::optional<Diagnostic> validate(const RepresentationValidationContext& context) const override;

 private:
  const std::int64_t level_;
  const BlockExtent extent_;
};

}  // namespace tf
