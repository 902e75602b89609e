// Helpers shared by the ir/dtype tests.
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "ir/dtype/compound.h"
#include "ir/dtype/registry.h"
#include "ir/dtype/validation_context.h"
#include "ir/dtype/level.h"
#include "ir/dtype/tabulated_layout.h"
#include "ir/support/result.h"
#include "ir/support/testing/rule_ids.h"

namespace tf::test {

/// A Level that must be valid.
inline Level lv(DType scale, BlockExtent block) { return Level::make(scale, block).value(); }


/// A table layout that must be valid.
inline TabulatedLayout table(std::int64_t target_size, std::vector<std::int64_t> targets) {
  return TabulatedLayout::make(target_size, std::move(targets)).value();
}

/// Source index i maps to i / block: `sources` coordinates grouped in runs of `block`.
inline TabulatedLayout grouping(std::int64_t sources, std::int64_t block) {
  std::vector<std::int64_t> targets;
  for (std::int64_t i = 0; i < sources; ++i) targets.push_back(i / block);
  return table(sources / block, std::move(targets));
}

/// A plain compound subclass (seed 003: a concrete CompoundDType subclass, abstract=False).
class PlanarX final : public CompoundDType {
 public:
  PlanarX(CompoundDTypeArgs args, Key key) : CompoundDType(std::move(args), key) {}
};

/// A rule-free compound with planes (f4e2m1, f8e8m0), registered once as "TEST_PLANES_2".
inline DType two_planes() {
  static const DType d =
      make_compound<PlanarX>({.name = "TEST_PLANES_2",
                              .simple_types = {DType::f4e2m1(), DType::f8e8m0()}})
          .value();
  return d;
}

/// A rule-free compound with planes (f4e2m1, fp8e4m3, f32), registered once as "TEST_PLANES_3".
inline DType three_planes() {
  static const DType d =
      make_compound<PlanarX>(
          {.name = "TEST_PLANES_3",
           .simple_types = {DType::f4e2m1(), DType::fp8e4m3(), DType::f32()}})
          .value();
  return d;
}

/// The facts of a compact representation of `dtype`: storage dtypes equal to the schema,
/// identity placements, the given level shapes and adjacent layouts.
inline RepresentationFacts compact_facts(DType dtype, std::vector<LevelShape> shapes,
                                         std::vector<TabulatedLayout> edges) {
  RepresentationFacts f;
  f.logical_dtype = dtype;
  for (DType t : dtype.compound().simple_types()) f.storage_dtypes.push_back(t);
  for (const LevelShape& s : shapes)
    f.placement_layouts.push_back(TabulatedLayout::identity(shape_element_count(s)));
  f.adjacent_layouts = std::move(edges);
  f.level_shapes = std::move(shapes);
  return f;
}

/// A validated context for compact_facts(...); the facts must pass universal validation.
inline RepresentationValidationContext compact_context(DType dtype, std::vector<LevelShape> shapes,
                                                       std::vector<TabulatedLayout> edges) {
  return RepresentationValidationContext::make(compact_facts(dtype, std::move(shapes),
                                                             std::move(edges)))
      .value();
}

}  // namespace tf::test
