// Seed 003: Whole and Level (DTREP.WHOLE.*, DTREP.LEVEL.*).
#include <gtest/gtest.h>

#include <string>
#include <type_traits>
#include <unordered_set>

#include "ir/dtype/level.h"
#include "ir/dtype/whole.h"
#include "ir/dtype/test/dtype_test_util.h"

namespace tf {
namespace {

using test::rule_ids;
using Ids = std::vector<std::string>;

// covers: DTREP.WHOLE.singleton
TEST(Whole, IsTheOneInstance) {
  static_assert(!std::is_default_constructible_v<WholeExtent>);
  EXPECT_EQ(&Whole, &WholeExtent::instance);
  EXPECT_EQ(&BlockExtent(Whole).whole(), &Whole);
}

// covers: DTREP.WHOLE.copy-identity, DTREP.WHOLE.deepcopy-identity
TEST(Whole, CopiesAreTheSameObject) {
  // No copy or move exists: every holder keeps a reference to the singleton.
  static_assert(!std::is_copy_constructible_v<WholeExtent>);
  static_assert(!std::is_move_constructible_v<WholeExtent>);
  static_assert(!std::is_copy_assignable_v<WholeExtent>);
  BlockExtent a(Whole);
  BlockExtent b = a;  // copying a holder (shallow or deep) copies the reference
  EXPECT_EQ(&b.whole(), &Whole);
  Level l = test::lv(DType::f32(), Whole);
  Level copy = l;
  EXPECT_EQ(&copy.block().whole(), &Whole);
}

// covers: DTREP.WHOLE.deserialize-identity
TEST(Whole, DeserializesToTheSameObject) {
  const std::string text = BlockExtent(Whole).str();
  EXPECT_EQ(text, "Whole");
  Result<BlockExtent> back = BlockExtent::parse(text);
  ASSERT_TRUE(back.ok());
  EXPECT_EQ(&back->whole(), &Whole);
  EXPECT_EQ(BlockExtent::parse("32")->count(), 32);
  EXPECT_FALSE(BlockExtent::parse("whole").ok());
}

// covers: DTREP.WHOLE.repr
TEST(Whole, Repr) { EXPECT_EQ(Whole.repr(), "Whole"); }

// covers: DTREP.LEVEL.immutable-hashable
TEST(Level, ImmutableAndHashable) {
  static_assert(!std::is_copy_assignable_v<Level>);
  static_assert(!std::is_move_assignable_v<Level>);
  static_assert(!std::is_default_constructible_v<Level>);
  Level a = test::lv(DType::f8e8m0(), 32);
  Level b = test::lv(DType::f8e8m0(), 32);
  EXPECT_EQ(a, b);
  EXPECT_EQ(a.hash(), b.hash());
  std::unordered_set<Level> set{a, b, test::lv(DType::f8e8m0(), 16), test::lv(DType::f32(), Whole)};
  EXPECT_EQ(set.size(), 3u);
  EXPECT_EQ(a.str(), "Level(f8e8m0, 32)");
}

// covers: DTREP.LEVEL.scale-type
TEST(Level, ScaleMustBeSimple) {
  static_assert(!std::is_constructible_v<DType, const char*>);  // Level('E8M0', 32)
  Result<Level> compound = Level::make(DType::nvfp4(), 32);
  EXPECT_EQ(rule_ids(compound), Ids{"DTREP.LEVEL.scale-type"});
  EXPECT_EQ(compound.diagnostics()[0].message,
            "TypeError: a Level scale must be a simple dtype, found the compound dtype NVFP4");
  EXPECT_EQ(rule_ids(Level::make(DType(), 32)), Ids{"DTREP.LEVEL.scale-type"});
}

// covers (compile-time): DTREP.LEVEL.block-type, DTREP.LEVEL.block-bool
TEST(Level, BlockTypeIsAnExactIntegerOrWhole) {
  static_assert(!std::is_constructible_v<BlockExtent, double>);
  static_assert(!std::is_constructible_v<BlockExtent, float>);
  static_assert(!std::is_constructible_v<BlockExtent, const char*>);
  static_assert(!std::is_constructible_v<BlockExtent, std::string>);
  static_assert(!std::is_constructible_v<BlockExtent, bool>);
  static_assert(!std::is_constructible_v<BlockExtent, char>);
  static_assert(std::is_constructible_v<BlockExtent, int>);
  static_assert(std::is_constructible_v<BlockExtent, std::int64_t>);
  static_assert(std::is_constructible_v<BlockExtent, const WholeExtent&>);
  EXPECT_EQ(test::lv(DType::f8e8m0(), std::uint8_t{32}).block().count(), 32);
}

// covers: DTREP.LEVEL.block-non-positive
TEST(Level, BlockMustBePositive) {
  Result<Level> zero = Level::make(DType::f8e8m0(), 0);
  EXPECT_EQ(rule_ids(zero), Ids{"DTREP.LEVEL.block-non-positive"});
  EXPECT_EQ(zero.diagnostics()[0].message,
            "ValueError: a Level block must be a positive integer or Whole, found 0");
  EXPECT_EQ(rule_ids(Level::make(DType::f8e8m0(), -32)), Ids{"DTREP.LEVEL.block-non-positive"});
  EXPECT_EQ(rule_ids(Level::make(DType::nvfp4(), -1)),
            (Ids{"DTREP.LEVEL.scale-type", "DTREP.LEVEL.block-non-positive"}));
}

// covers: DTREP.LEVEL.is-whole, DTREP.LEVEL.fixed-block
TEST(Level, FixedBlock) {
  Level l = test::lv(DType::f8e8m0(), 32);
  EXPECT_EQ(l.scale().info(), DType::f8e8m0().info());
  EXPECT_EQ(l.block().count(), 32);
  EXPECT_FALSE(l.block().is_whole());
  EXPECT_FALSE(l.is_whole());
}

// covers: DTREP.LEVEL.is-whole, DTREP.LEVEL.whole-level
TEST(Level, WholeBlock) {
  Level l = test::lv(DType::f32(), Whole);
  EXPECT_TRUE(l.is_whole());
  EXPECT_EQ(&l.block().whole(), &Whole);
  EXPECT_EQ(l.str(), "Level(f32, Whole)");
}

}  // namespace
}  // namespace tf
