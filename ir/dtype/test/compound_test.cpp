// Seed 003: compound dtypes own an ordered storage schema (DTREP.COMPOUND.*, DTREP.TERMS.*).
#include "ir/dtype/compound.h"

#include <gtest/gtest.h>

#include <string>
#include <type_traits>

#include "ir/dtype/block_scaled.h"
#include "ir/dtype/level_extent.h"
#include "ir/dtype/registry.h"
#include "ir/dtype/test/dtype_test_util.h"

namespace tf {
namespace {

using test::PlanarX;
using test::rule_ids;
using Ids = std::vector<std::string>;

const DType kE2M1 = DType::f4e2m1();
const DType kE4M3 = DType::fp8e4m3();
const DType kE8M0 = DType::f8e8m0();

RuleRef le(int level, BlockExtent extent) { return *LevelExtent::make(level, extent); }

// covers: DTREP.COMPOUND.abstract-false, DTREP.COMPOUND.is-compound
TEST(CompoundDType, ConcreteSubclassesRegister) {
  // CompoundDType itself cannot be created; a concrete subclass is created by make_compound.
  static_assert(!std::is_constructible_v<CompoundDType, CompoundDTypeArgs>);
  static_assert(!std::is_default_constructible_v<CompoundDType::Key>);
  static_assert(!std::is_abstract_v<PlanarX>);
  Result<DType> d = make_compound<PlanarX>(
      {.name = "ABSTRACT_FALSE_X", .simple_types = {kE2M1, kE8M0}});
  ASSERT_TRUE(d.ok());
  EXPECT_TRUE(d->is_compound());
  EXPECT_TRUE(d->compound().is_compound());
  EXPECT_TRUE(DType::nvfp4().is_compound());
  EXPECT_TRUE(CompoundDType::is_compound());
}

// covers: DTREP.COMPOUND.keyword-only
TEST(CompoundDType, ArgumentsAreNamedFields) {
  // No positional (name, simple_types) form exists; the arguments are a named-field struct.
  static_assert(!std::is_invocable_v<decltype(&make_compound<PlanarX>), std::string,
                                     std::vector<DType>>);
  static_assert(std::is_invocable_v<decltype(&make_compound<PlanarX>), CompoundDTypeArgs>);
  CompoundDTypeArgs args{.name = "KEYWORD_X", .simple_types = {kE2M1}};
  EXPECT_TRUE(make_compound<PlanarX>(args).ok());
}

// covers: DTREP.COMPOUND.name-registry-key
TEST(CompoundDType, NameIsTheRegistryKey) {
  DType d = *make_compound<PlanarX>({.name = "PLANAR_KEY", .simple_types = {kE4M3, kE8M0}});
  EXPECT_EQ(d.name(), "PLANAR_KEY");
  ASSERT_TRUE(find_compound("PLANAR_KEY").has_value());
  EXPECT_EQ(find_compound("PLANAR_KEY")->info(), d.info());
  EXPECT_EQ(DType::from_name("PLANAR_KEY")->info(), d.info());
  EXPECT_EQ(d.compound().dtype().info(), d.info());
}

// covers: DTREP.COMPOUND.name-contract
TEST(CompoundDType, NameContract) {
  ASSERT_TRUE(make_compound<PlanarX>({.name = "TAKEN_X", .simple_types = {kE2M1}}).ok());
  Result<DType> again = make_compound<PlanarX>({.name = "TAKEN_X", .simple_types = {kE4M3}});
  EXPECT_EQ(rule_ids(again), Ids{"DTREP.COMPOUND.name-contract"});
  EXPECT_EQ(again.diagnostics()[0].message,
            "ValueError: cannot register dtype name: 'TAKEN_X' is already a registered compound "
            "dtype");
  for (const char* bad : {"", "1X", "has space", "f32", "bool", "Any", "NVFP4", "A-B"})
    EXPECT_EQ(rule_ids(make_compound<PlanarX>({.name = bad, .simple_types = {kE2M1}})),
              Ids{"DTREP.COMPOUND.name-contract"})
        << bad;
}

// covers: DTREP.COMPOUND.supertype-default-none, DTREP.COMPOUND.rules-default-empty
TEST(CompoundDType, Defaults) {
  DType d = *make_compound<PlanarX>({.name = "DEFAULTS_X", .simple_types = {kE2M1}});
  EXPECT_EQ(d.compound().supertype(), std::nullopt);
  EXPECT_TRUE(d.compound().representation_rules().empty());
}

// covers: DTREP.COMPOUND.supertype-category
TEST(CompoundDType, SupertypeCategory) {
  DType d = *make_compound<PlanarX>(
      {.name = "SUPER_ANY_X", .supertype = DTypeCategory::any(), .simple_types = {kE2M1}});
  ASSERT_TRUE(d.compound().supertype().has_value());
  EXPECT_EQ(*d.compound().supertype(), DTypeCategory::any());
  EXPECT_EQ(d.compound().supertype()->name(), "Any");
  DTypeCategory packed = *DTypeCategory::make("PackedFloats", DTypeCategory::any());
  DType e = *make_compound<PlanarX>(
      {.name = "SUPER_PACKED_X", .supertype = packed, .simple_types = {kE2M1}});
  EXPECT_EQ(*e.compound().supertype(), packed);
  EXPECT_TRUE(packed.is_within(DTypeCategory::any()));
  EXPECT_EQ(packed.parent(), DTypeCategory::any());
  EXPECT_EQ(DTypeCategory::any().parent(), std::nullopt);
  EXPECT_EQ(DTypeCategory::find("PackedFloats"), packed);
}

// covers: DTREP.COMPOUND.supertype-invalid
TEST(CompoundDType, SupertypeMustBeARegisteredCategory) {
  // supertype=DType.E4M3 and supertype='Any' do not compile.
  static_assert(!std::is_assignable_v<std::optional<DTypeCategory>&, DType>);
  static_assert(!std::is_assignable_v<std::optional<DTypeCategory>&, const char*>);
  Result<DType> r = make_compound<PlanarX>(
      {.name = "BAD_SUPER_X", .supertype = DTypeCategory(), .simple_types = {kE2M1}});
  EXPECT_EQ(rule_ids(r), Ids{"DTREP.COMPOUND.supertype-invalid"});
  EXPECT_EQ(r.diagnostics()[0].message,
            "TypeError: the supertype of 'BAD_SUPER_X' must be None or a registered "
            "DTypeCategory, found an unregistered category handle");
}

// covers: DTREP.COMPOUND.simple-types-accepted, DTREP.COMPOUND.simple-types-property
TEST(CompoundDType, SimpleTypesInOrder) {
  DType d = *make_compound<PlanarX>({.name = "ACCEPT_X", .simple_types = {kE2M1, kE8M0}});
  ASSERT_EQ(d.compound().simple_types().size(), 2u);
  EXPECT_EQ(d.compound().simple_types()[0].info(), kE2M1.info());
  EXPECT_EQ(d.compound().simple_types()[1].info(), kE8M0.info());
}

// covers (compile-time): DTREP.COMPOUND.simple-types-non-iterable
TEST(CompoundDType, SimpleTypesMustBeASequence) {
  // simple_types=DType.E2M1 (a single descriptor) is not a sequence: it does not compile.
  static_assert(!std::is_assignable_v<std::vector<DType>&, DType>);
  static_assert(!std::is_convertible_v<DType, std::vector<DType>>);
  SUCCEED();
}

// covers: DTREP.COMPOUND.simple-types-invalid-element
TEST(CompoundDType, SimpleTypesMustBeSimple) {
  static_assert(!std::is_convertible_v<const char*, DType>);  // [E2M1, 'E8M0']
  Result<DType> r = make_compound<PlanarX>(
      {.name = "BAD_ELEM_X", .simple_types = {kE2M1, DType::nvfp4(), DType()}});
  EXPECT_EQ(rule_ids(r), (Ids{"DTREP.COMPOUND.simple-types-invalid-element",
                              "DTREP.COMPOUND.simple-types-invalid-element"}));
  EXPECT_EQ(r.diagnostics()[0].message,
            "TypeError: simple_types[1] of 'BAD_ELEM_X' must be a registered simple dtype, found "
            "the compound dtype NVFP4");
  EXPECT_EQ(r.diagnostics()[1].message,
            "TypeError: simple_types[2] of 'BAD_ELEM_X' must be a registered simple dtype, found "
            "an invalid dtype handle");
}

// covers: DTREP.COMPOUND.simple-types-empty
TEST(CompoundDType, SimpleTypesMustNotBeEmpty) {
  Result<DType> r = make_compound<PlanarX>({.name = "EMPTY_X"});
  EXPECT_EQ(rule_ids(r), Ids{"DTREP.COMPOUND.simple-types-empty"});
  EXPECT_EQ(r.diagnostics()[0].message,
            "ValueError: the simple_types of 'EMPTY_X' must not be empty");
}

// covers (compile-time): DTREP.COMPOUND.rules-non-iterable
TEST(CompoundDType, RulesMustBeASequence) {
  static_assert(!std::is_assignable_v<std::vector<RuleRef>&, RuleRef>);
  static_assert(!std::is_convertible_v<RuleRef, std::vector<RuleRef>>);
  SUCCEED();
}

// covers: DTREP.COMPOUND.rules-invalid-element
TEST(CompoundDType, RulesMustBeRules) {
  static_assert(!std::is_convertible_v<int, RuleRef>);  // [LevelExtent(0, 32), 32]
  Result<DType> r = make_compound<PlanarX>({.name = "BAD_RULE_X",
                                            .simple_types = {kE2M1, kE8M0},
                                            .representation_rules = {le(0, 32), RuleRef()}});
  EXPECT_EQ(rule_ids(r), Ids{"DTREP.COMPOUND.rules-invalid-element"});
  EXPECT_EQ(r.diagnostics()[0].message,
            "TypeError: representation_rules[1] of 'BAD_RULE_X' must be a RepresentationRule, "
            "found a null rule handle");
}

// covers: DTREP.COMPOUND.failure-before-registration
TEST(CompoundDType, FailuresLeaveNoRegistration) {
  EXPECT_FALSE(make_compound<PlanarX>({.name = "BAD_X"}).ok());
  EXPECT_FALSE(make_compound<PlanarX>(
                   {.name = "BAD_X", .supertype = DTypeCategory(), .simple_types = {kE2M1}})
                   .ok());
  EXPECT_FALSE(make_compound<PlanarX>(
                   {.name = "BAD_X", .simple_types = {kE2M1}, .representation_rules = {RuleRef()}})
                   .ok());
  EXPECT_FALSE(find_compound("BAD_X").has_value());
  EXPECT_FALSE(DType::from_name("BAD_X").ok());
  Result<DType> ok = make_compound<PlanarX>({.name = "BAD_X", .simple_types = {kE2M1}});
  ASSERT_TRUE(ok.ok());
  EXPECT_EQ(find_compound("BAD_X")->info(), ok->info());
}

// covers: DTREP.COMPOUND.owned-immutable-tuples, DTREP.COMPOUND.isolated-from-caller-mutation
TEST(CompoundDType, OwnsImmutableCopies) {
  static_assert(std::is_same_v<decltype(std::declval<const CompoundDType&>().simple_types()),
                               std::span<const DType>>);
  static_assert(std::is_same_v<decltype(std::declval<const CompoundDType&>()
                                            .representation_rules()),
                               std::span<const RuleRef>>);
  std::vector<DType> planes{kE4M3, kE8M0};
  std::vector<RuleRef> rules{le(0, 2)};
  CompoundDTypeArgs args{.name = "ISOLATED_X", .simple_types = planes,
                         .representation_rules = rules};
  DType d = *make_compound<PlanarX>(args);
  const CompoundStructure before = d.compound().structure();
  EXPECT_NE(d.compound().simple_types().data(), planes.data());
  planes.push_back(kE2M1);
  rules.clear();
  args.simple_types.push_back(kE2M1);
  args.representation_rules.clear();
  EXPECT_EQ(d.compound().num_carriers(), 2u);
  EXPECT_EQ(d.compound().simple_types()[1].info(), kE8M0.info());
  ASSERT_EQ(d.compound().representation_rules().size(), 1u);
  EXPECT_EQ(d.compound().representation_rules()[0]->structure().str(), "LevelExtent(0, 2)");
  EXPECT_TRUE(d.compound().structure() == before);
}

// covers: DTREP.COMPOUND.num-carriers
TEST(CompoundDType, NumCarriers) {
  DType d = *make_compound<PlanarX>({.name = "CARRIERS_X", .simple_types = {kE2M1, kE8M0}});
  EXPECT_EQ(d.compound().num_carriers(), 2u);
  EXPECT_EQ(DType::nvfp4().compound().num_carriers(), 3u);
}

// covers: DTREP.COMPOUND.rules-property
TEST(CompoundDType, RulesInSuppliedOrder) {
  RuleRef r1 = le(1, Whole);
  RuleRef r2 = le(0, 8);
  DType d = *make_compound<PlanarX>({.name = "RULES_X",
                                     .simple_types = {kE2M1, kE4M3, DType::f32()},
                                     .representation_rules = {r1, r2}});
  ASSERT_EQ(d.compound().representation_rules().size(), 2u);
  EXPECT_TRUE(d.compound().representation_rules()[0].same_as(r1));
  EXPECT_TRUE(d.compound().representation_rules()[1].same_as(r2));
}

// covers: DTREP.COMPOUND.planar-extension
TEST(CompoundDType, PlanarExtensionScenario) {
  DType d = *make_compound<PlanarX>({.name = "PLANAR_X", .simple_types = {kE4M3, kE8M0}});
  EXPECT_EQ(find_compound("PLANAR_X")->info(), d.info());
  ASSERT_EQ(d.compound().simple_types().size(), 2u);
  EXPECT_EQ(d.compound().simple_types()[0].info(), kE4M3.info());
  EXPECT_EQ(d.compound().simple_types()[1].info(), kE8M0.info());
  EXPECT_EQ(d.compound().num_carriers(), 2u);
  EXPECT_TRUE(d.compound().representation_rules().empty());
  EXPECT_EQ(d.compound().as_block_scaled(), nullptr);
}

// covers: DTREP.TERMS.rule-contributes-identity
TEST(CompoundDType, RulesContributeToIdentity) {
  DType a = *make_compound<PlanarX>({.name = "IDENT_A", .simple_types = {kE2M1, kE8M0},
                                     .representation_rules = {le(0, 32)}});
  DType b = *make_compound<PlanarX>({.name = "IDENT_B", .simple_types = {kE2M1, kE8M0},
                                     .representation_rules = {le(0, 16)}});
  DType c = *make_compound<PlanarX>({.name = "IDENT_C", .simple_types = {kE2M1, kE8M0}});
  EXPECT_FALSE(a.compound().structure() == b.compound().structure());
  EXPECT_FALSE(a.compound().structure() == c.compound().structure());
  EXPECT_NE(a, b);
  // MXFP4's structure is the schema plus LevelExtent(0, 32), like IDENT_A's.
  EXPECT_TRUE(a.compound().structure() == DType::mxfp4().compound().structure());
}

}  // namespace
}  // namespace tf
