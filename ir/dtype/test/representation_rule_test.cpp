// Seed 003: representation rules have immutable structural identity (DTREP.RULE.*).
#include "ir/dtype/representation_rule.h"

#include <gtest/gtest.h>

#include <string>
#include <type_traits>
#include <utility>

#include "ir/dtype/level_extent.h"
#include "ir/dtype/test/dtype_test_util.h"

namespace tf {
namespace {

using test::rule_ids;
using Ids = std::vector<std::string>;

// A rule with no state: structure_extension() keeps its default ().
class AlwaysHolds final : public RepresentationRule {
 public:
  static constexpr std::string_view kRuleClassName = "AlwaysHolds";
  explicit AlwaysHolds(RuleKey key) : RepresentationRule(key) {}
  std::optional<Diagnostic> validate(const RepresentationValidationContext&) const override {
    return std::nullopt;
  }
};

// Two rule classes with the same extension (a tag string and a count): distinct
// instantiations of one template are distinct rule classes.
template <int kVariant>
class Tagged final : public RepresentationRule {
 public:
  static constexpr std::string_view kRuleClassName = "Tagged";
  Tagged(RuleKey key, std::string tag, int n)
      : RepresentationRule(key), tag_(std::move(tag)), n_(n) {}
  StructureTuple structure_extension() const override { return {tag_, n_}; }
  std::optional<Diagnostic> validate(const RepresentationValidationContext&) const override {
    return std::nullopt;
  }

 private:
  const std::string tag_;
  const int n_;
};
using TaggedA = Tagged<0>;
using TaggedB = Tagged<1>;

// A rule whose extension holds an unsupported value (an invalid dtype handle).
class BadExtension final : public RepresentationRule {
 public:
  static constexpr std::string_view kRuleClassName = "BadExtension";
  explicit BadExtension(RuleKey key) : RepresentationRule(key) {}
  StructureTuple structure_extension() const override { return {DType::f32(), DType()}; }
  std::optional<Diagnostic> validate(const RepresentationValidationContext&) const override {
    return std::nullopt;
  }
};

template <typename T> concept HasSetter = requires(T r) { r.set_extent(16); };
template <typename T> concept HasErase = requires(T r) { r.erase("extent"); };

// covers: DTREP.RULE.subclassed
TEST(RepresentationRule, SubclassesDefineRules) {
  static_assert(std::is_abstract_v<RepresentationRule>);
  static_assert(std::is_base_of_v<RepresentationRule, LevelExtent>);
  Result<Ref<const AlwaysHolds>> r = make_rule<AlwaysHolds>();
  ASSERT_TRUE(r.ok());
  EXPECT_EQ((*r)->structure().str(), "AlwaysHolds()");
  // Construction outside make_rule does not compile: the RuleKey cannot be made.
  static_assert(!std::is_default_constructible_v<RuleKey>);
}

// covers: DTREP.RULE.structure-from-class-and-extension
TEST(RepresentationRule, StructureIsClassPlusExtension) {
  RuleRef a1 = *make_rule<TaggedA>("t", 3);
  RuleRef a2 = *make_rule<TaggedA>("t", 3);
  RuleRef a3 = *make_rule<TaggedA>("t", 4);
  RuleRef b1 = *make_rule<TaggedB>("t", 3);
  EXPECT_FALSE(a1.same_as(a2));
  EXPECT_EQ(a1->structure(), a2->structure());
  EXPECT_EQ(a1->structure().hash(), a2->structure().hash());
  EXPECT_FALSE(a1->structure() == a3->structure());
  EXPECT_FALSE(a1->structure() == b1->structure());  // same name and extension, other class
  EXPECT_EQ(a1->structure().str(), "Tagged(\"t\", 3)");
  EXPECT_EQ(b1->structure().str(), "Tagged(\"t\", 3)");
}

// covers: DTREP.RULE.extension-default-empty
TEST(RepresentationRule, ExtensionDefaultsToEmpty) {
  Ref<const AlwaysHolds> r = *make_rule<AlwaysHolds>();
  EXPECT_TRUE(r->structure_extension().empty());
  EXPECT_TRUE(r->structure().extension().empty());
}

// covers (compile-time): DTREP.RULE.extension-non-tuple
TEST(RepresentationRule, ExtensionMustBeATuple) {
  // The return type is fixed: an override returning a list or anything else does not compile.
  static_assert(std::is_same_v<decltype(std::declval<const RepresentationRule&>()
                                            .structure_extension()),
                               StructureTuple>);
  SUCCEED();
}

// covers: DTREP.RULE.extension-unsupported-value
TEST(RepresentationRule, ExtensionValuesMustBePermitted) {
  static_assert(!std::is_constructible_v<StructureValue, double>);
  static_assert(!std::is_constructible_v<StructureValue, bool>);
  static_assert(!std::is_constructible_v<StructureValue, std::vector<int>>);
  static_assert(!std::is_constructible_v<StructureValue, void*>);
  Result<Ref<const BadExtension>> r = make_rule<BadExtension>();
  EXPECT_EQ(rule_ids(r), Ids{"DTREP.RULE.extension-unsupported-value"});
  EXPECT_EQ(r.diagnostics()[0].message,
            "TypeError: BadExtension.structure_extension() element 1 is not a permitted "
            "descriptor structure value (an invalid dtype handle)");
}

// covers (compile-time): DTREP.RULE.implements-validate
TEST(RepresentationRule, ValidateTakesTheContext) {
  static_assert(std::is_same_v<decltype(&RepresentationRule::validate),
                               std::optional<Diagnostic> (RepresentationRule::*)(
                                   const RepresentationValidationContext&) const>);
  auto ctx = test::compact_context(test::two_planes(), {{4}, {1}}, {test::grouping(4, 4)});
  RuleRef r = *make_rule<AlwaysHolds>();
  EXPECT_EQ(r->validate(ctx), std::nullopt);
}

// covers (compile-time): DTREP.RULE.assign-fails, DTREP.RULE.delete-fails
TEST(RepresentationRule, NoMutationAfterConstruction) {
  static_assert(!std::is_copy_assignable_v<LevelExtent>);
  static_assert(!std::is_move_assignable_v<LevelExtent>);
  static_assert(!std::is_copy_assignable_v<RepresentationRule>);
  static_assert(!HasSetter<LevelExtent>);
  static_assert(!HasErase<LevelExtent>);
  // Handles give const access only.
  static_assert(std::is_same_v<decltype(std::declval<RuleRef>().get()), const RepresentationRule*>);
  Ref<const LevelExtent> r = *LevelExtent::make(0, 32);
  EXPECT_EQ(r->extent().count(), 32);
}

// covers: DTREP.RULE.copy-identity, DTREP.RULE.deepcopy-identity
TEST(RepresentationRule, CopiesAreTheSameObject) {
  static_assert(!std::is_copy_constructible_v<LevelExtent>);
  static_assert(!std::is_move_constructible_v<LevelExtent>);
  Ref<const LevelExtent> r = *LevelExtent::make(0, 32);
  Ref<const LevelExtent> shallow = r;
  RuleRef deep = r;
  EXPECT_TRUE(shallow.same_as(r));
  EXPECT_EQ(deep.get(), r.get());
}

// The compile-time half lives in compile_fail/rule_shadowing.cpp (a ctest that expects the
// compiler to reject a subclass that declares its own structure()).
// covers: DTREP.RULE.shadowing-rejected
TEST(RepresentationRule, StructureIsFrameworkOwned) {
  Ref<const LevelExtent> r = *LevelExtent::make(2, 8);
  const RepresentationRule& base = *r;
  EXPECT_EQ(&base.structure(), &r->structure());
  EXPECT_EQ(base.structure().str(), "LevelExtent(2, 8)");
}

// covers: DTREP.RULE.reusable
TEST(RepresentationRule, OneRuleServesTwoCompounds) {
  Ref<const LevelExtent> rule = *LevelExtent::make(0, 4);
  const std::string before = rule->structure().str();
  Result<DType> a = make_compound<test::PlanarX>(
      {.name = "REUSE_A", .simple_types = {DType::f4e2m1(), DType::f8e8m0()},
       .representation_rules = {rule}});
  Result<DType> b = make_compound<test::PlanarX>(
      {.name = "REUSE_B", .simple_types = {DType::fp8e4m3(), DType::f8e8m0()},
       .representation_rules = {rule}});
  ASSERT_TRUE(a.ok());
  ASSERT_TRUE(b.ok());
  EXPECT_TRUE(a->compound().representation_rules()[0].same_as(rule));
  EXPECT_TRUE(b->compound().representation_rules()[0].same_as(rule));
  EXPECT_EQ(rule->structure().str(), before);
  auto ctx = test::compact_context(*a, {{8}, {2}}, {test::grouping(8, 4)});
  EXPECT_EQ(rule->validate(ctx), std::nullopt);
}

}  // namespace
}  // namespace tf
