#include "ir/dtype/validation_context.h"

#include <fmt/format.h>

#include <algorithm>

#include "ir/dtype/compound.h"
#include "ir/support/check.h"

namespace tf {

std::int64_t shape_element_count(std::span<const std::int64_t> shape) {
  std::int64_t n = 1;
  for (std::int64_t e : shape) {
    TF_CHECK(e >= 0, "negative extent {} in a shape", e);
    n *= e;
  }
  return n;
}

namespace {

constexpr const char* kOnePerPlane = "DTREP.LOGICAL.one-carrier-per-plane";

std::string shape_str(const LevelShape& s) { return fmt::format("({})", fmt::join(s, ", ")); }

// The per-plane counts and identities of the storage schema.
void check_planes(const RepresentationFacts& f, const CompoundDType& c,
                  std::vector<Diagnostic>& errors) {
  const std::size_t n = c.num_carriers();
  auto count = [&](std::size_t got, const char* what) {
    if (got != n)
      errors.push_back(rule_error(
          kOnePerPlane,
          fmt::format("ValueError: {} has {} planes but the representation has {} {}", c.name(),
                      n, got, what)));
  };
  count(f.storage_dtypes.size(), "storage dtypes");
  count(f.placement_layouts.size(), "placement layouts");
  count(f.level_shapes.size(), "level shapes");
  for (std::size_t i = 0; i < std::min(n, f.storage_dtypes.size()); ++i) {
    DType want = c.simple_types()[i];
    DType got = f.storage_dtypes[i];
    if (!got.valid() || got.info() != want.info())
      errors.push_back(rule_error(
          "DTREP.LOGICAL.plane-position",
          fmt::format("ValueError: plane {} of {} needs storage dtype {}, found {}", i, c.name(),
                      want.name(), got.valid() ? got.name() : "an invalid dtype")));
  }
}

// Shapes are non-negative and the layouts' cardinalities match the level shapes.
void check_cardinalities(const RepresentationFacts& f, std::vector<Diagnostic>& errors) {
  for (const LevelShape& s : f.level_shapes)
    for (std::int64_t e : s)
      if (e < 0) {
        errors.push_back(category_error(
            DiagCategory::Type,
            "ValueError: level shape " + shape_str(s) + " has a negative extent"));
        return;
      }
  const std::size_t levels = f.level_shapes.size();
  for (std::size_t i = 0; i < std::min(levels, f.placement_layouts.size()); ++i) {
    std::int64_t size = shape_element_count(f.level_shapes[i]);
    if (f.placement_layouts[i].source_size() != size)
      errors.push_back(category_error(
          DiagCategory::Type,
          fmt::format("ValueError: placement layout {} covers {} coordinates but level {} has "
                      "shape {} ({} coordinates)",
                      i, f.placement_layouts[i].source_size(), i, shape_str(f.level_shapes[i]),
                      size)));
  }
  if (levels > 0 && f.adjacent_layouts.size() > levels - 1)
    errors.push_back(category_error(
        DiagCategory::Type,
        fmt::format("ValueError: {} adjacent layouts for {} levels (at most {})",
                    f.adjacent_layouts.size(), levels, levels - 1)));
  for (std::size_t i = 0; i < f.adjacent_layouts.size() && i + 1 < levels; ++i) {
    const TabulatedLayout& edge = f.adjacent_layouts[i];
    std::int64_t from = shape_element_count(f.level_shapes[i]);
    std::int64_t to = shape_element_count(f.level_shapes[i + 1]);
    if (edge.source_size() != from || edge.target_size() != to)
      errors.push_back(category_error(
          DiagCategory::Type,
          fmt::format("ValueError: adjacent layout {} maps {} onto {} coordinates but levels {} "
                      "and {} have {} and {}",
                      i, edge.source_size(), edge.target_size(), i, i + 1, from, to)));
  }
}

}  // namespace

Result<RepresentationValidationContext> RepresentationValidationContext::make(
    RepresentationFacts facts) {
  if (!facts.logical_dtype.valid() || !facts.logical_dtype.is_compound())
    return rule_error(kOnePerPlane,
                      "TypeError: a representation context needs a compound logical dtype");
  std::vector<Diagnostic> errors;
  check_planes(facts, facts.logical_dtype.compound(), errors);
  check_cardinalities(facts, errors);
  if (!errors.empty()) return errors;
  return RepresentationValidationContext(std::move(facts));
}

RepresentationValidationContext::RepresentationValidationContext(RepresentationFacts facts)
    : logical_dtype_(facts.logical_dtype),
      storage_dtypes_(std::move(facts.storage_dtypes)),
      placement_layouts_(std::move(facts.placement_layouts)),
      adjacent_layouts_(std::move(facts.adjacent_layouts)),
      level_shapes_(std::move(facts.level_shapes)) {}

}  // namespace tf
