// Seed 003: LevelExtent construction and validation (DTREP.LEVELEXTENT.*).
#include "ir/dtype/level_extent.h"

#include <gtest/gtest.h>

#include <string>
#include <type_traits>

#include "ir/dtype/test/dtype_test_util.h"

namespace tf {
namespace {

using test::compact_context;
using test::grouping;
using test::rule_ids;
using test::table;
using Ids = std::vector<std::string>;

Ref<const LevelExtent> le(ExactInt level, BlockExtent extent) {
  return LevelExtent::make(level, extent).value();
}

// covers: DTREP.LEVELEXTENT.is-rule
TEST(LevelExtent, IsAnImmutableRule) {
  static_assert(std::is_base_of_v<RepresentationRule, LevelExtent>);
  static_assert(!std::is_copy_assignable_v<LevelExtent>);
  static_assert(!std::is_copy_constructible_v<LevelExtent>);
  static_assert(std::is_same_v<decltype(le(0, 32)->extent()), const BlockExtent&>);
  RuleRef r = le(0, 32);
  EXPECT_EQ(r->structure().str(), "LevelExtent(0, 32)");
}

// covers: DTREP.LEVELEXTENT.level-accepted, DTREP.LEVELEXTENT.extent-accepted
TEST(LevelExtent, AcceptsLevelsAndExtents) {
  EXPECT_TRUE(LevelExtent::make(0, 32).ok());
  EXPECT_TRUE(LevelExtent::make(1, Whole).ok());
  EXPECT_TRUE(LevelExtent::make(0, 1).ok());
  EXPECT_TRUE(LevelExtent::make(0, Whole).ok());
  EXPECT_EQ(le(0, 1)->extent().count(), 1);
}

// covers (compile-time): DTREP.LEVELEXTENT.level-type, DTREP.LEVELEXTENT.extent-type
TEST(LevelExtent, WrongArgumentTypesDoNotCompile) {
  static_assert(!std::is_convertible_v<double, ExactInt>);      // LevelExtent(0.0, 32)
  static_assert(!std::is_convertible_v<const char*, ExactInt>); // LevelExtent('0', 32)
  static_assert(!std::is_convertible_v<bool, ExactInt>);
  static_assert(!std::is_convertible_v<char, ExactInt>);
  static_assert(!std::is_convertible_v<double, BlockExtent>);   // LevelExtent(0, 32.0)
  static_assert(!std::is_convertible_v<const char*, BlockExtent>);
  static_assert(!std::is_invocable_v<decltype(&LevelExtent::make), double, int>);
  static_assert(std::is_invocable_v<decltype(&LevelExtent::make), int, int>);
  static_assert(std::is_invocable_v<decltype(&LevelExtent::make), long, const WholeExtent&>);
  SUCCEED();
}

// covers: DTREP.LEVELEXTENT.level-range
TEST(LevelExtent, NegativeLevel) {
  Result<Ref<const LevelExtent>> r = LevelExtent::make(-1, 32);
  EXPECT_EQ(rule_ids(r), Ids{"DTREP.LEVELEXTENT.level-range"});
  EXPECT_EQ(r.diagnostics()[0].message,
            "ValueError: LevelExtent level must be a non-negative integer, found -1");
}

// covers: DTREP.LEVELEXTENT.extent-range
TEST(LevelExtent, NonPositiveExtent) {
  EXPECT_EQ(rule_ids(LevelExtent::make(0, 0)), Ids{"DTREP.LEVELEXTENT.extent-range"});
  EXPECT_EQ(rule_ids(LevelExtent::make(0, -4)), Ids{"DTREP.LEVELEXTENT.extent-range"});
  EXPECT_EQ(rule_ids(LevelExtent::make(-2, -4)),
            (Ids{"DTREP.LEVELEXTENT.level-range", "DTREP.LEVELEXTENT.extent-range"}));
}

// covers: DTREP.LEVELEXTENT.properties
TEST(LevelExtent, Properties) {
  Ref<const LevelExtent> r = le(1, Whole);
  EXPECT_EQ(r->level(), 1);
  EXPECT_EQ(&r->extent().whole(), &Whole);
  EXPECT_EQ(le(3, 16)->extent().count(), 16);
}

// covers: DTREP.LEVELEXTENT.accept-fixed-grouping, DTREP.RULE.validate-returns-none
TEST(LevelExtent, AcceptsFixedUniformGrouping) {
  auto ctx = compact_context(test::two_planes(), {{64}, {2}}, {grouping(64, 32)});
  EXPECT_EQ(le(0, 32)->validate(ctx), std::nullopt);
  // A strided (non-contiguous) grouping is just as uniform.
  std::vector<std::int64_t> strided;
  for (int i = 0; i < 64; ++i) strided.push_back(i % 2);
  auto ctx2 = compact_context(test::two_planes(), {{64}, {2}}, {table(2, strided)});
  EXPECT_EQ(le(0, 32)->validate(ctx2), std::nullopt);
}

// covers: DTREP.LEVELEXTENT.accept-whole-grouping
TEST(LevelExtent, AcceptsWholeGrouping) {
  auto ctx = compact_context(test::three_planes(), {{64}, {4}, {}},
                             {grouping(64, 16), table(1, {0, 0, 0, 0})});
  EXPECT_EQ(le(1, Whole)->validate(ctx), std::nullopt);
  EXPECT_EQ(le(0, 16)->validate(ctx), std::nullopt);
}

// covers: DTREP.LEVELEXTENT.int-cardinality
TEST(LevelExtent, RejectsCardinalityMismatch) {
  auto ctx = compact_context(test::two_planes(), {{48}, {2}}, {grouping(48, 24)});
  std::optional<Diagnostic> d = le(0, 32)->validate(ctx);
  ASSERT_TRUE(d.has_value());
  EXPECT_EQ(d->rule_id, "DTREP.LEVELEXTENT.int-cardinality");
  EXPECT_EQ(d->message,
            "ValueError: LevelExtent(0, 32) needs edge 0 to have 32 x 2 = 64 source coordinates, "
            "found 48");
}

// covers: DTREP.LEVELEXTENT.int-uniform-preimages
TEST(LevelExtent, RejectsNonUniformPreimages) {
  auto ctx = compact_context(test::two_planes(), {{4}, {2}}, {table(2, {0, 0, 0, 1})});
  std::optional<Diagnostic> d = le(0, 2)->validate(ctx);
  ASSERT_TRUE(d.has_value());
  EXPECT_EQ(d->rule_id, "DTREP.LEVELEXTENT.int-uniform-preimages");
  EXPECT_EQ(d->message,
            "ValueError: LevelExtent(0, 2) needs 2 preimages per target on edge 0, but target 0 "
            "has 3");
}

// covers: DTREP.LEVELEXTENT.whole-single-target
TEST(LevelExtent, WholeNeedsOneTarget) {
  auto ctx = compact_context(test::three_planes(), {{64}, {4}, {2}},
                             {grouping(64, 16), table(2, {0, 0, 1, 1})});
  std::optional<Diagnostic> d = le(1, Whole)->validate(ctx);
  ASSERT_TRUE(d.has_value());
  EXPECT_EQ(d->rule_id, "DTREP.LEVELEXTENT.whole-single-target");
  EXPECT_EQ(d->message,
            "ValueError: LevelExtent(1, Whole) needs edge 1 to map all 4 source coordinates onto "
            "one target, found 2 targets");
}

// covers: DTREP.LEVELEXTENT.missing-edge
TEST(LevelExtent, MissingEdge) {
  auto ctx = compact_context(test::two_planes(), {{64}, {2}}, {grouping(64, 32)});
  std::optional<Diagnostic> d = le(3, 32)->validate(ctx);
  ASSERT_TRUE(d.has_value());
  EXPECT_EQ(d->rule_id, "DTREP.LEVELEXTENT.missing-edge");
  EXPECT_EQ(d->message,
            "ValueError: LevelExtent(3, 32) needs adjacent edge 3, but the representation has 1 "
            "adjacent layouts");
  auto no_edges = compact_context(test::two_planes(), {{64}, {2}}, {});
  EXPECT_EQ(le(0, 32)->validate(no_edges)->rule_id, "DTREP.LEVELEXTENT.missing-edge");
}

}  // namespace
}  // namespace tf
