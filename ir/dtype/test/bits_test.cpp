// Seed 003: block-scaled properties report axes and storage cost (DTREP.BSCOST.*).
#include <gtest/gtest.h>

#include <type_traits>
#include <variant>

#include "ir/dtype/block_scaled.h"
#include "ir/dtype/test/dtype_test_util.h"

namespace tf {
namespace {

using test::lv;
using test::rule_ids;
using Ids = std::vector<std::string>;

const BlockScaledDType& bs(DType d) { return *as_block_scaled(d); }

double concrete(const BlockScaledDType& b) { return std::get<double>(b.bits_per_element()); }

const BlockScaledDType& two_axis() {
  static const DType d = *BlockScaledDType::make(
      {.name = "BS_TWO_AXIS", .element = DType::f4e2m1(),
       .levels = {lv(DType::fp8e4m3(), 16), lv(DType::f8e8m0(), 4)}});
  return bs(d);
}

// covers: DTREP.BSCOST.num-axes
TEST(BlockScaledCost, NumAxes) {
  EXPECT_EQ(bs(DType::mxfp4()).num_axes(), 1);
  EXPECT_EQ(two_axis().num_axes(), 2);
}

// covers: DTREP.BSCOST.num-axes-excludes-whole
TEST(BlockScaledCost, NumAxesExcludesWhole) {
  EXPECT_EQ(bs(DType::nvfp4()).levels().size(), 2u);
  EXPECT_EQ(bs(DType::nvfp4()).num_axes(), 1);
}

// covers: DTREP.BSCOST.bits-formula
TEST(BlockScaledCost, MxFormulas) {
  EXPECT_EQ(concrete(bs(DType::mxfp8_e4m3())), 8.25);
  EXPECT_EQ(concrete(bs(DType::mxfp8_e5m2())), 8.25);
  EXPECT_EQ(concrete(bs(DType::mxint8())), 8.25);
  EXPECT_EQ(concrete(bs(DType::mxfp6_e3m2())), 6.25);
  EXPECT_EQ(concrete(bs(DType::mxfp6_e2m3())), 6.25);
  EXPECT_EQ(concrete(bs(DType::mxfp4())), 4.25);
}

// covers: DTREP.BSCOST.bits-cumulative
TEST(BlockScaledCost, CumulativeBlocks) { EXPECT_EQ(concrete(two_axis()), 4.625); }

// covers: DTREP.BSCOST.bits-concrete
TEST(BlockScaledCost, ConcreteWhenAllBlocksAreIntegers) {
  BitsPerElement b = bs(DType::mxfp4()).bits_per_element();
  ASSERT_TRUE(std::holds_alternative<double>(b));
  EXPECT_EQ(std::get<double>(b), 4.25);
}

// covers: DTREP.BSCOST.bits-symbolic
TEST(BlockScaledCost, SymbolicWhenTheFinalLevelIsWhole) {
  BitsPerElement b = bs(DType::nvfp4()).bits_per_element();
  ASSERT_TRUE(std::holds_alternative<SymbolicBits>(b));
  EXPECT_EQ(std::get<SymbolicBits>(b).constant(), 4.5);
  EXPECT_EQ(std::get<SymbolicBits>(b).whole_scale_bits(), 32);
  EXPECT_TRUE(std::get<SymbolicBits>(b) == SymbolicBits(4.5, 32));
}

// covers (compile-time): DTREP.BSCOST.symbolicbits-immutable
TEST(BlockScaledCost, SymbolicBitsIsImmutable) {
  static_assert(!std::is_copy_assignable_v<SymbolicBits>);
  static_assert(!std::is_move_assignable_v<SymbolicBits>);
  static_assert(!std::is_lvalue_reference_v<decltype(SymbolicBits(4.5, 32).constant())>);
  constexpr SymbolicBits s(4.5, 32);
  static_assert(s.constant() == 4.5);
  SUCCEED();
}

// covers: DTREP.BSCOST.symbolicbits-properties
TEST(BlockScaledCost, SymbolicBitsProperties) {
  SymbolicBits s(4.5, 32);
  EXPECT_EQ(s.constant(), 4.5);
  EXPECT_EQ(s.whole_scale_bits(), 32);
}

// covers: DTREP.BSCOST.symbolicbits-evaluate
TEST(BlockScaledCost, Evaluate) {
  SymbolicBits s(4.5, 32);
  EXPECT_EQ(*s.evaluate(64), 5.0);
  EXPECT_EQ(*s.evaluate(1), 36.5);
  EXPECT_EQ(*s.evaluate(std::int64_t{1} << 20), 4.5 + 32.0 / 1048576.0);
}

// covers (compile-time): DTREP.BSCOST.symbolicbits-evaluate-bool, DTREP.BSCOST.symbolicbits-evaluate-non-integer
TEST(BlockScaledCost, EvaluateTakesAnExactInteger) {
  static_assert(!std::is_invocable_v<decltype(&SymbolicBits::evaluate), const SymbolicBits&, bool>);
  static_assert(!std::is_invocable_v<decltype(&SymbolicBits::evaluate), const SymbolicBits&,
                                     double>);
  static_assert(!std::is_invocable_v<decltype(&SymbolicBits::evaluate), const SymbolicBits&,
                                     const char*>);
  static_assert(std::is_invocable_v<decltype(&SymbolicBits::evaluate), const SymbolicBits&, int>);
  SUCCEED();
}

// covers: DTREP.BSCOST.symbolicbits-evaluate-below-one
TEST(BlockScaledCost, EvaluateBelowOne) {
  SymbolicBits s(4.5, 32);
  Result<double> zero = s.evaluate(0);
  EXPECT_EQ(rule_ids(zero), Ids{"DTREP.BSCOST.symbolicbits-evaluate-below-one"});
  EXPECT_EQ(zero.diagnostics()[0].message,
            "ValueError: SymbolicBits.evaluate needs an element count of at least one, found 0");
  EXPECT_EQ(rule_ids(s.evaluate(-8)), Ids{"DTREP.BSCOST.symbolicbits-evaluate-below-one"});
}

// covers: DTREP.BSCOST.nvfp4-evaluate-1024
TEST(BlockScaledCost, Nvfp4At1024) {
  EXPECT_EQ(*std::get<SymbolicBits>(bs(DType::nvfp4()).bits_per_element()).evaluate(1024),
            4.53125);
}

}  // namespace
}  // namespace tf
