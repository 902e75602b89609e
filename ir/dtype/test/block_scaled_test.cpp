// Seed 003: BlockScaledDType derives its plane chain; the built-in formats
// (DTREP.BLOCKSCALED.*).
#include "ir/dtype/block_scaled.h"

#include <gtest/gtest.h>

#include <string>
#include <type_traits>

#include "ir/dtype/level_extent.h"
#include "ir/dtype/registry.h"
#include "ir/dtype/test/dtype_test_util.h"

namespace tf {
namespace {

using test::lv;
using test::rule_ids;
using Ids = std::vector<std::string>;

const DType kE2M1 = DType::f4e2m1();
const DType kE4M3 = DType::fp8e4m3();
const DType kE8M0 = DType::f8e8m0();
const DType kF32 = DType::f32();

// An implementation subclass (seed 003: "even when ... implementation subclasses differ").
class OtherBlockScaled final : public BlockScaledDType {
 public:
  OtherBlockScaled(BlockScaledDTypeArgs args, Key key) : BlockScaledDType(std::move(args), key) {}
};

std::string levels_str(const BlockScaledDType& b) {
  std::string s;
  for (const Level& l : b.levels()) s += l.str() + " ";
  return s;
}

// covers: DTREP.BLOCKSCALED.is-compound
TEST(BlockScaled, IsACompoundDType) {
  static_assert(std::is_base_of_v<CompoundDType, BlockScaledDType>);
  static_assert(!std::is_invocable_v<decltype(&BlockScaledDType::make<>), std::string, DType,
                                     std::vector<Level>>);
  EXPECT_TRUE(DType::nvfp4().is_compound());
  EXPECT_NE(as_block_scaled(DType::nvfp4()), nullptr);
  EXPECT_EQ(as_block_scaled(DType::f32()), nullptr);
  EXPECT_EQ(as_block_scaled(DType()), nullptr);
}

// covers: DTREP.BLOCKSCALED.logical-value
TEST(BlockScaled, LogicalValueIsElementTimesScales) {
  const BlockScaledDType& nv = *as_block_scaled(DType::nvfp4());
  const double scales[] = {2.0, 0.25};
  EXPECT_EQ(*nv.logical_value(1.5, scales), 0.75);
  const double one_scale[] = {2.0};
  EXPECT_EQ(*as_block_scaled(DType::mxfp4())->logical_value(-3.0, one_scale), -6.0);
  Result<double> wrong = nv.logical_value(1.5, one_scale);
  ASSERT_FALSE(wrong.ok());
  EXPECT_EQ(wrong.diagnostics()[0].message,
            "NVFP4 has 2 levels, so an element takes 2 scales, found 1");
}

// covers: DTREP.BLOCKSCALED.name-contract
TEST(BlockScaled, NameContract) {
  Result<DType> r = BlockScaledDType::make({.name = "NVFP4", .element = kE2M1,
                                            .levels = {lv(kE8M0, 8)}});
  EXPECT_EQ(rule_ids(r), Ids{"DTREP.BLOCKSCALED.name-contract"});
  EXPECT_EQ(r.diagnostics()[0].message,
            "ValueError: cannot register dtype name: 'NVFP4' is already a registered compound "
            "dtype");
  EXPECT_EQ(rule_ids(BlockScaledDType::make({.name = "f4e2m1", .element = kE2M1,
                                              .levels = {lv(kE8M0, 8)}})),
            Ids{"DTREP.BLOCKSCALED.name-contract"});
}

// covers: DTREP.BLOCKSCALED.element-type
TEST(BlockScaled, ElementMustBeSimple) {
  Result<DType> r = BlockScaledDType::make({.name = "BS_X", .element = DType::mxfp4(),
                                            .levels = {lv(kE8M0, 32)}});
  EXPECT_EQ(rule_ids(r), Ids{"DTREP.BLOCKSCALED.element-type"});
  EXPECT_EQ(r.diagnostics()[0].message,
            "TypeError: the element of block-scaled dtype 'BS_X' must be a simple dtype, found "
            "the compound dtype MXFP4");
  EXPECT_FALSE(find_compound("BS_X").has_value());
}

// covers (compile-time): DTREP.BLOCKSCALED.levels-entry-type
TEST(BlockScaled, LevelsHoldOnlyLevels) {
  // levels=(Level(E8M0, 32), 32) does not compile: nothing converts to a Level.
  static_assert(!std::is_convertible_v<int, Level>);
  static_assert(!std::is_convertible_v<DType, Level>);
  static_assert(!std::is_convertible_v<BlockExtent, Level>);
  SUCCEED();
}

// covers: DTREP.BLOCKSCALED.levels-empty
TEST(BlockScaled, LevelsMustNotBeEmpty) {
  Result<DType> r = BlockScaledDType::make({.name = "BS_EMPTY", .element = kE2M1});
  EXPECT_EQ(rule_ids(r), Ids{"DTREP.BLOCKSCALED.levels-empty"});
  EXPECT_EQ(r.diagnostics()[0].message,
            "ValueError: block-scaled dtype 'BS_EMPTY' needs at least one level");
  EXPECT_FALSE(find_compound("BS_EMPTY").has_value());
}

// covers: DTREP.BLOCKSCALED.non-final-whole
TEST(BlockScaled, OnlyTheFinalLevelMayBeWhole) {
  Result<DType> r = BlockScaledDType::make({.name = "BS_NONFINAL", .element = kE2M1,
                                            .levels = {lv(kF32, Whole), lv(kE4M3, 16)}});
  EXPECT_EQ(rule_ids(r), Ids{"DTREP.BLOCKSCALED.non-final-whole"});
  EXPECT_EQ(r.diagnostics()[0].message,
            "ValueError: level 0 of block-scaled dtype 'BS_NONFINAL' is Whole, but only the "
            "final level (level 1) may be Whole");
  EXPECT_FALSE(find_compound("BS_NONFINAL").has_value());
}

// covers: DTREP.BLOCKSCALED.final-whole-allowed
TEST(BlockScaled, FinalWholeIsAllowed) {
  Result<DType> r = BlockScaledDType::make({.name = "BS_W", .element = kE2M1,
                                            .levels = {lv(kE4M3, 8), lv(kF32, Whole)}});
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(levels_str(*as_block_scaled(*r)), "Level(fp8e4m3, 8) Level(f32, Whole) ");
}

// covers: DTREP.BLOCKSCALED.levels-inner-to-outer, DTREP.BLOCKSCALED.element-property
TEST(BlockScaled, Nvfp4ElementAndLevelOrder) {
  const BlockScaledDType& nv = *as_block_scaled(DType::nvfp4());
  EXPECT_EQ(nv.element().info(), kE2M1.info());
  EXPECT_EQ(nv.levels().front(), lv(kE4M3, 16));
  EXPECT_EQ(nv.levels().back(), lv(kF32, Whole));
}

// covers: DTREP.BLOCKSCALED.levels-property
TEST(BlockScaled, LevelsAreAnOwnedCopy) {
  std::vector<Level> levels{lv(kE8M0, 64)};
  BlockScaledDTypeArgs args{.name = "BS_COPY", .element = kE2M1, .levels = levels};
  const BlockScaledDType& b = *as_block_scaled(*BlockScaledDType::make(args));
  levels.push_back(lv(kF32, Whole));
  args.levels.push_back(lv(kF32, Whole));
  static_assert(std::is_same_v<decltype(b.levels()), std::span<const Level>>);
  EXPECT_EQ(levels_str(b), "Level(f8e8m0, 64) ");
}

// Seed 003's scenario uses E2M1 with E4M3 then Float32 levels; with NVFP4's blocks (16,
// Whole) that would be NVFP4 itself (a duplicate structure, docs/decisions.md D1), so this uses
// blocks (8, 4).
// covers: DTREP.BLOCKSCALED.simple-types-derived, DTREP.BLOCKSCALED.rules-derived
TEST(BlockScaled, DerivePlanesAndRules) {
  DType d = *BlockScaledDType::make({.name = "BS_DERIVED", .element = kE2M1,
                                     .levels = {lv(kE4M3, 8), lv(kF32, 4)}});
  const CompoundDType& c = d.compound();
  ASSERT_EQ(c.num_carriers(), 3u);
  EXPECT_EQ(c.simple_types()[0].info(), kE2M1.info());
  EXPECT_EQ(c.simple_types()[1].info(), kE4M3.info());
  EXPECT_EQ(c.simple_types()[2].info(), kF32.info());
  ASSERT_EQ(c.representation_rules().size(), 2u);
  EXPECT_EQ(c.representation_rules()[0]->structure(),
            (*LevelExtent::make(0, 8))->structure());
  EXPECT_EQ(c.representation_rules()[1]->structure(),
            (*LevelExtent::make(1, 4))->structure());
  const auto& nv = DType::nvfp4().compound().representation_rules();
  ASSERT_EQ(nv.size(), 2u);
  EXPECT_EQ(nv[0]->structure().str(), "LevelExtent(0, 16)");
  EXPECT_EQ(nv[1]->structure(), (*LevelExtent::make(1, Whole))->structure());
}

// covers: DTREP.BLOCKSCALED.supertype-any
TEST(BlockScaled, SupertypeIsAny) {
  EXPECT_EQ(DType::mxfp4().compound().supertype(), DTypeCategory::any());
  DType d = *BlockScaledDType::make({.name = "BS_SUPER", .element = kE2M1,
                                     .levels = {lv(kE8M0, 128)}});
  EXPECT_EQ(d.compound().supertype(), DTypeCategory::any());
}

// covers: DTREP.BLOCKSCALED.duplicate-other-name, DTREP.BLOCKSCALED.duplicate-original-kept
TEST(BlockScaled, StructuralDuplicateOfNvfp4) {
  const DType original = DType::nvfp4();
  Result<DType> r = BlockScaledDType::make({.name = "MY_NVFP4", .element = kE2M1,
                                            .levels = {lv(kE4M3, 16), lv(kF32, Whole)}});
  EXPECT_EQ(rule_ids(r), Ids{"DTREP.BLOCKSCALED.duplicate-other-name"});
  EXPECT_EQ(r.diagnostics()[0].message,
            "ValueError: 'MY_NVFP4' duplicates the element and level chain of the registered "
            "block-scaled dtype 'NVFP4'");
  EXPECT_FALSE(find_compound("MY_NVFP4").has_value());
  EXPECT_EQ(DType::nvfp4().info(), original.info());
  const Level chain[] = {lv(kE4M3, 16), lv(kF32, Whole)};
  ASSERT_TRUE(find_block_scaled(kE2M1, chain).has_value());
  EXPECT_EQ(find_block_scaled(kE2M1, chain)->info(), original.info());
  EXPECT_EQ(levels_str(*as_block_scaled(DType::nvfp4())),
            "Level(fp8e4m3, 16) Level(f32, Whole) ");
}

// covers: DTREP.BLOCKSCALED.duplicate-other-subclass
TEST(BlockScaled, StructuralDuplicateFromAnotherSubclass) {
  Result<DType> r = BlockScaledDType::make<OtherBlockScaled>(
      {.name = "OTHER_MXFP4", .element = kE2M1, .levels = {lv(kE8M0, 32)}});
  EXPECT_EQ(rule_ids(r), Ids{"DTREP.BLOCKSCALED.duplicate-other-subclass"});
  EXPECT_EQ(r.diagnostics()[0].message,
            "ValueError: 'OTHER_MXFP4' duplicates the element and level chain of the registered "
            "block-scaled dtype 'MXFP4' (a different implementation class)");
  EXPECT_FALSE(find_compound("OTHER_MXFP4").has_value());
  // A subclass with a fresh structure registers.
  Result<DType> fresh = BlockScaledDType::make<OtherBlockScaled>(
      {.name = "OTHER_FRESH", .element = kE2M1, .levels = {lv(kE8M0, 256)}});
  ASSERT_TRUE(fresh.ok());
  EXPECT_NE(as_block_scaled(*fresh), nullptr);
}

// covers: DTREP.BLOCKSCALED.builtin-set
TEST(BlockScaled, BuiltinSet) {
  const DType builtins[] = {DType::mxfp8_e4m3(), DType::mxfp8_e5m2(), DType::mxfp6_e3m2(),
                            DType::mxfp6_e2m3(), DType::mxfp4(),      DType::mxint8(),
                            DType::nvfp4()};
  std::string names;
  for (DType d : builtins) {
    EXPECT_NE(as_block_scaled(d), nullptr) << d.name();
    names += std::string(d.name()) + " ";
  }
  EXPECT_EQ(names, "MXFP8_E4M3 MXFP8_E5M2 MXFP6_E3M2 MXFP6_E2M3 MXFP4 MXINT8 NVFP4 ");
  // The registry starts with exactly these seven; everything after them is a test's own.
  std::vector<DType> registered = registered_compounds();
  for (std::size_t i = 0; i < 7; ++i) EXPECT_EQ(registered[i].info(), builtins[i].info());
  for (std::size_t i = 7; i < registered.size(); ++i)
    EXPECT_EQ(registered[i].name().find("MX"), std::string_view::npos) << registered[i].name();
}

// covers: DTREP.BLOCKSCALED.mx-e8m0-block-32, DTREP.BLOCKSCALED.mxfp8-e4m3-element
// covers: DTREP.BLOCKSCALED.mxfp8-e5m2-element, DTREP.BLOCKSCALED.mxfp6-e3m2-element
// covers: DTREP.BLOCKSCALED.mxfp6-e2m3-element, DTREP.BLOCKSCALED.mxint8-element
TEST(BlockScaled, MxFormats) {
  struct Mx {
    DType dtype;
    DType element;
  };
  const Mx formats[] = {{DType::mxfp8_e4m3(), DType::fp8e4m3()},
                        {DType::mxfp8_e5m2(), DType::fp8e5m2()},
                        {DType::mxfp6_e3m2(), DType::f6e3m2()},
                        {DType::mxfp6_e2m3(), DType::f6e2m3()},
                        {DType::mxfp4(), DType::f4e2m1()},
                        {DType::mxint8(), DType::i8()}};
  for (const Mx& f : formats) {
    SCOPED_TRACE(std::string(f.dtype.name()));
    const BlockScaledDType& b = *as_block_scaled(f.dtype);
    EXPECT_EQ(b.element().info(), f.element.info());
    EXPECT_EQ(levels_str(b), "Level(f8e8m0, 32) ");
  }
  EXPECT_EQ(DType::i8().simple().seed003_name(), "Int8");
}

// covers: DTREP.BLOCKSCALED.mxfp4-structure
TEST(BlockScaled, InspectMxfp4) {
  const BlockScaledDType& b = *as_block_scaled(DType::mxfp4());
  EXPECT_EQ(b.element().info(), DType::f4e2m1().info());
  ASSERT_EQ(b.levels().size(), 1u);
  EXPECT_EQ(b.levels()[0].scale().info(), DType::f8e8m0().info());
  EXPECT_EQ(b.levels()[0].block().count(), 32);
}

// covers: DTREP.BLOCKSCALED.nvfp4-element, DTREP.BLOCKSCALED.nvfp4-levels
TEST(BlockScaled, InspectNvfp4) {
  const BlockScaledDType& b = *as_block_scaled(DType::nvfp4());
  EXPECT_EQ(b.element().info(), DType::f4e2m1().info());
  ASSERT_EQ(b.levels().size(), 2u);
  EXPECT_EQ(b.levels()[0], lv(DType::fp8e4m3(), 16));
  EXPECT_EQ(b.levels()[1], lv(DType::f32(), Whole));
}

}  // namespace
}  // namespace tf
