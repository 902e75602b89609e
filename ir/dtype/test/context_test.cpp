// Seed 003: rules consume a read-only validated context; compound dtypes describe logical
// values (DTREP.CONTEXT.*, DTREP.LOGICAL.*, DTREP.TERMS.adjacent-layout / level-extent-below).
#include "ir/dtype/validation_context.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <type_traits>

#include "ir/dtype/block_scaled.h"
#include "ir/dtype/block_scaled_layout.h"
#include "ir/dtype/level_extent.h"
#include "ir/dtype/representation_check.h"
#include "ir/dtype/test/dtype_test_util.h"

namespace tf {
namespace {

using test::compact_facts;
using test::grouping;
using test::rule_ids;
using test::table;
using Ids = std::vector<std::string>;

// What a spy rule saw.
struct Seen {
  int calls = 0;
  DType logical;
  std::vector<DType> storage;
  std::vector<TabulatedLayout> placements;
  std::vector<TabulatedLayout> edges;
  std::vector<LevelShape> shapes;
};

// Records the context it is given; fails when `fail` is set.
class SpyRule final : public RepresentationRule {
 public:
  static constexpr std::string_view kRuleClassName = "SpyRule";
  SpyRule(RuleKey key, Seen* seen, bool fail) : RepresentationRule(key), seen_(seen), fail_(fail) {}
  std::optional<Diagnostic> validate(const RepresentationValidationContext& c) const override {
    ++seen_->calls;
    seen_->logical = c.logical_dtype();
    seen_->storage.assign(c.storage_dtypes().begin(), c.storage_dtypes().end());
    // TabulatedLayout is immutable: replace the vectors rather than assign elements.
    seen_->placements =
        std::vector<TabulatedLayout>(c.placement_layouts().begin(), c.placement_layouts().end());
    seen_->edges =
        std::vector<TabulatedLayout>(c.adjacent_layouts().begin(), c.adjacent_layouts().end());
    seen_->shapes.assign(c.level_shapes().begin(), c.level_shapes().end());
    if (fail_) return rule_error("DTREP.CONTEXT.exceptions-propagate", "ValueError: spy says no");
    return std::nullopt;
  }

 private:
  Seen* const seen_;
  const bool fail_;
};

// NVFP4's facts for a (2, 32) tensor grouped along the last axis (D3).
RepresentationFacts nvfp4_facts() {
  const BlockScaledDType& bs = *as_block_scaled(DType::nvfp4());
  const std::int64_t shape[] = {2, 32};
  std::vector<LevelShape> shapes = *block_scaled_level_shapes(bs, shape);
  std::vector<TabulatedLayout> edges = block_scaled_adjacent_layouts(bs, shapes);
  return compact_facts(DType::nvfp4(), shapes, edges);
}

// covers: DTREP.CONTEXT.fields, DTREP.CONTEXT.fields-report-facts
// covers: DTREP.LOGICAL.one-carrier-per-plane
TEST(ValidationContext, ReportsTheFacts) {
  RepresentationFacts facts = nvfp4_facts();
  auto ctx = RepresentationValidationContext::make(facts).value();
  Seen seen;
  RuleRef spy = *make_rule<SpyRule>(&seen, false);
  EXPECT_EQ(spy->validate(ctx), std::nullopt);
  EXPECT_EQ(seen.calls, 1);
  EXPECT_EQ(seen.logical.info(), DType::nvfp4().info());
  ASSERT_EQ(seen.storage.size(), 3u);
  EXPECT_EQ(seen.storage[0].info(), DType::f4e2m1().info());
  EXPECT_EQ(seen.storage[1].info(), DType::fp8e4m3().info());
  EXPECT_EQ(seen.storage[2].info(), DType::f32().info());
  EXPECT_EQ(seen.shapes, (std::vector<LevelShape>{{2, 32}, {2, 2}, {}}));
  EXPECT_TRUE(seen.placements == facts.placement_layouts);
  EXPECT_TRUE(seen.edges == facts.adjacent_layouts);
  EXPECT_EQ(seen.placements[1].source_size(), 4);
  EXPECT_EQ(seen.placements[2].source_size(), 1);
}

// covers: DTREP.CONTEXT.immutable-tuples, DTREP.CONTEXT.rule-no-mutation
TEST(ValidationContext, IsReadOnly) {
  using C = RepresentationValidationContext;
  static_assert(!std::is_copy_assignable_v<C>);
  static_assert(std::is_same_v<decltype(std::declval<const C&>().storage_dtypes()),
                               std::span<const DType>>);
  static_assert(std::is_same_v<decltype(std::declval<const C&>().placement_layouts()),
                               std::span<const TabulatedLayout>>);
  static_assert(std::is_same_v<decltype(std::declval<const C&>().adjacent_layouts()),
                               std::span<const TabulatedLayout>>);
  static_assert(std::is_same_v<decltype(std::declval<const C&>().level_shapes()),
                               std::span<const LevelShape>>);
  static_assert(!std::is_copy_assignable_v<TabulatedLayout>);
  // Rules see a const context and are const themselves; a run changes nothing.
  RepresentationFacts facts = nvfp4_facts();
  auto ctx = C::make(facts).value();
  const CompoundStructure before = DType::nvfp4().compound().structure();
  EXPECT_TRUE(check_representation_rules(ctx).empty());
  EXPECT_TRUE(DType::nvfp4().compound().structure() == before);
  EXPECT_TRUE(std::equal(ctx.adjacent_layouts().begin(), ctx.adjacent_layouts().end(),
                         facts.adjacent_layouts.begin(), facts.adjacent_layouts.end()));
  EXPECT_TRUE(std::equal(ctx.level_shapes().begin(), ctx.level_shapes().end(),
                         facts.level_shapes.begin(), facts.level_shapes.end()));
}

// covers: DTREP.CONTEXT.after-universal-validation
TEST(ValidationContext, RulesRunOnlyAfterUniversalValidation) {
  Seen seen;
  RuleRef spy = *make_rule<SpyRule>(&seen, false);
  DType d = *make_compound<test::PlanarX>({.name = "SPIED_X",
                                           .simple_types = {DType::f4e2m1(), DType::f8e8m0()},
                                           .representation_rules = {spy}});
  // Universal validation fails (plane 1 has the wrong storage dtype): no context, no rule run.
  RepresentationFacts bad = compact_facts(d, {{4}, {1}}, {grouping(4, 4)});
  bad.storage_dtypes[1] = DType::fp8e4m3();
  Result<RepresentationValidationContext> ctx = RepresentationValidationContext::make(bad);
  EXPECT_EQ(rule_ids(ctx), Ids{"DTREP.LOGICAL.plane-position"});
  EXPECT_EQ(seen.calls, 0);
  // The same facts with the right dtype validate, and then the rule runs once.
  auto good = RepresentationValidationContext::make(compact_facts(d, {{4}, {1}}, {grouping(4, 4)}));
  ASSERT_TRUE(good.ok());
  EXPECT_TRUE(check_representation_rules(*good).empty());
  EXPECT_EQ(seen.calls, 1);
}

// covers: DTREP.CONTEXT.exceptions-propagate
TEST(ValidationContext, RuleFailuresPropagate) {
  Seen seen;
  DType d = *make_compound<test::PlanarX>(
      {.name = "FAILING_X", .simple_types = {DType::f4e2m1(), DType::f8e8m0()},
       .representation_rules = {*make_rule<SpyRule>(&seen, true), *LevelExtent::make(0, 3)}});
  auto ctx = RepresentationValidationContext::make(compact_facts(d, {{4}, {1}}, {grouping(4, 4)}));
  ASSERT_TRUE(ctx.ok());
  std::vector<Diagnostic> failures = check_representation_rules(*ctx);
  EXPECT_EQ(rule_ids(failures),
            (Ids{"DTREP.CONTEXT.exceptions-propagate", "DTREP.LEVELEXTENT.int-cardinality"}));
  EXPECT_EQ(failures[0].message, "ValueError: spy says no");
}

// covers: DTREP.LOGICAL.one-carrier-per-plane
TEST(ValidationContext, OnePlanePerSchemaEntry) {
  RepresentationFacts facts = nvfp4_facts();
  facts.storage_dtypes.pop_back();
  facts.placement_layouts.pop_back();
  Result<RepresentationValidationContext> r = RepresentationValidationContext::make(facts);
  EXPECT_EQ(rule_ids(r), (Ids{"DTREP.LOGICAL.one-carrier-per-plane",
                              "DTREP.LOGICAL.one-carrier-per-plane"}));
  EXPECT_EQ(r.diagnostics()[0].message,
            "ValueError: NVFP4 has 3 planes but the representation has 2 storage dtypes");
  RepresentationFacts simple = nvfp4_facts();
  simple.logical_dtype = DType::f32();
  EXPECT_EQ(rule_ids(RepresentationValidationContext::make(simple)),
            Ids{"DTREP.LOGICAL.one-carrier-per-plane"});
}

// covers: DTREP.LOGICAL.plane-position
TEST(ValidationContext, PlaneStorageDtypeMustMatchTheSchema) {
  EXPECT_TRUE(RepresentationValidationContext::make(nvfp4_facts()).ok());
  RepresentationFacts facts = nvfp4_facts();
  facts.storage_dtypes[1] = DType::f8e8m0();
  Result<RepresentationValidationContext> r = RepresentationValidationContext::make(facts);
  EXPECT_EQ(rule_ids(r), Ids{"DTREP.LOGICAL.plane-position"});
  EXPECT_EQ(r.diagnostics()[0].message,
            "ValueError: plane 1 of NVFP4 needs storage dtype fp8e4m3, found f8e8m0");
}

// covers: DTREP.LOGICAL.not-carrier-dtype
TEST(ValidationContext, CompoundIsNotACarrierDtype) {
  for (DType d : {DType::nvfp4(), DType::mxfp4()}) {
    std::optional<Diagnostic> diag = check_carrier_storage_dtype(d);
    ASSERT_TRUE(diag.has_value());
    EXPECT_EQ(diag->rule_id, "DTREP.LOGICAL.not-carrier-dtype");
  }
  EXPECT_EQ(check_carrier_storage_dtype(DType::mxfp4())->message,
            "TypeError: the compound dtype MXFP4 describes a logical value of 2 planes and cannot "
            "be a carrier's storage dtype");
  EXPECT_EQ(check_carrier_storage_dtype(DType::f4e2m1()), std::nullopt);
  EXPECT_EQ(check_carrier_storage_dtype(DType())->rule_id, "DTREP.LOGICAL.not-carrier-dtype");
}

// covers: DTREP.TERMS.adjacent-layout
TEST(ValidationContext, AdjacentLayoutsMapLevelToLevel) {
  RepresentationFacts facts = nvfp4_facts();
  auto ctx = RepresentationValidationContext::make(facts).value();
  ASSERT_EQ(ctx.adjacent_layouts().size(), 2u);
  // Edge 0: 64 element coordinates onto 4 E4M3 scale coordinates, row-major in blocks of 16.
  const TabulatedLayout& e0 = ctx.adjacent_layouts()[0];
  EXPECT_EQ(e0.source_size(), 64);
  EXPECT_EQ(e0.target_size(), 4);
  EXPECT_EQ(e0.targets()[15], 0);
  EXPECT_EQ(e0.targets()[16], 1);
  EXPECT_EQ(e0.targets()[32], 2);
  EXPECT_EQ(e0.targets()[63], 3);
  EXPECT_EQ(e0.preimage_counts(), (std::vector<std::int64_t>{16, 16, 16, 16}));
  // An adjacent layout is a separate fact from the placement of the same level.
  EXPECT_FALSE(e0 == ctx.placement_layouts()[0]);
  // Universal validation refuses an edge whose cardinalities disagree with the level shapes.
  RepresentationFacts bad = compact_facts(DType::nvfp4(), {{2, 32}, {2, 2}, {}},
                                          {grouping(64, 32), table(1, {0, 0, 0, 0})});
  Result<RepresentationValidationContext> r = RepresentationValidationContext::make(bad);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.diagnostics()[0].message,
            "ValueError: adjacent layout 0 maps 64 onto 2 coordinates but levels 0 and 1 have 64 "
            "and 4");
}

// covers: DTREP.TERMS.level-extent-below
TEST(ValidationContext, OuterLevelsGroupScaleCoordinates) {
  auto ctx = RepresentationValidationContext::make(nvfp4_facts()).value();
  const auto& rules = DType::nvfp4().compound().representation_rules();
  ASSERT_EQ(rules.size(), 2u);
  EXPECT_EQ(rules[1]->structure().str(), "LevelExtent(1, Whole)");
  // Edge 1 maps the 4 E4M3 scale coordinates (not the 64 elements) onto the one f32 scale.
  EXPECT_EQ(ctx.adjacent_layouts()[1].source_size(), 4);
  EXPECT_EQ(ctx.adjacent_layouts()[1].target_size(), 1);
  EXPECT_EQ(rules[1]->validate(ctx), std::nullopt);
  EXPECT_EQ(rules[0]->validate(ctx), std::nullopt);
}

}  // namespace
}  // namespace tf
