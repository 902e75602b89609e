// The Mma arithmetic modes on values whose answer each model fixes.
#include "eval/tir/mma_arith.h"

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <limits>
#include <vector>

namespace tf::eval::tir {
namespace {

// The small-terms vector (docs/tir-semantics.md, "Mma arithmetic"):
// A row = B column = [1, 2^-13 x 15], C = 0. The exact sum 1 + 15 * 2^-26 rounds to 1 + 2^-22;
// both tensor-core models drop every 2^-26 term: exactly 1.
TEST(MmaArith, SmallTermsTruncateAwayOnTensorCores) {
  std::vector<double> a{1.0}, b{1.0};
  for (int i = 0; i < 15; ++i) {
    a.push_back(std::ldexp(1.0, -13));
    b.push_back(std::ldexp(1.0, -13));
  }
  EXPECT_EQ(mma_element(MmaMode::Exact, 0.0, a, b), 1.0f + std::ldexp(1.0f, -22));
  EXPECT_EQ(mma_element(MmaMode::Sm80, 0.0, a, b), 1.0f);
  EXPECT_EQ(mma_element(MmaMode::Sm90, 0.0, a, b), 1.0f);
}

// Truncation, not rounding: 1 + (2^-24 + 2^-25) keeps 2^-24 under F = 24... which f32 cannot
// hold below 1's ulp 2^-23: the sum rounds toward zero to 1 on sm80, where the exact mode gives
// 1 + 2^-23 (nearest to 1 + 0.75 ulp).
TEST(MmaArith, DeviceModelsRoundTowardZero) {
  const std::vector<double> a{1.0, std::ldexp(1.0, -24), std::ldexp(1.0, -25)}, b{1.0, 1.0, 1.0};
  EXPECT_EQ(mma_element(MmaMode::Exact, 0.0, a, b), 1.0f + std::ldexp(1.0f, -23));
  EXPECT_EQ(mma_element(MmaMode::Sm80, 0.0, a, b), 1.0f);
  // Negative sums truncate toward zero too (toward smaller magnitude).
  const std::vector<double> n{-1.0, -std::ldexp(1.0, -24), -std::ldexp(1.0, -25)};
  EXPECT_EQ(mma_element(MmaMode::Sm80, 0.0, n, b), -1.0f);
}

// F = 24 against F = 25, and Ampere's two steps of 8. With 2 - 1.5 + 2^-24 in one step the
// largest term 2 sets E = 1: Ampere keeps bits down to 2^-23 and drops 2^-24, Hopper keeps it
// (0.5 + 2^-24 is an f32). With the small term in products 8..15, Ampere's second step aligns it
// to the first step's result 0.5 (E = -1) and keeps it.
TEST(MmaArith, FractionBitsAndAmperesTwoSteps) {
  std::vector<double> a(16, 0.0), b(16, 1.0);
  a[0] = 2.0;
  a[1] = -1.5;
  a[2] = std::ldexp(1.0, -24);
  const float kept = 0.5f + std::ldexp(1.0f, -24);
  EXPECT_EQ(mma_element(MmaMode::Sm80, 0.0, a, b), 0.5f);
  EXPECT_EQ(mma_element(MmaMode::Sm90, 0.0, a, b), kept);
  EXPECT_EQ(mma_element(MmaMode::Exact, 0.0, a, b), kept);
  std::swap(a[2], a[8]);
  EXPECT_EQ(mma_element(MmaMode::Sm80, 0.0, a, b), kept);
  EXPECT_EQ(mma_element(MmaMode::Sm90, 0.0, a, b), kept);
}

TEST(MmaArith, Specials) {
  const double inf = std::numeric_limits<double>::infinity();
  const std::vector<double> a{inf, -inf}, b{1.0, 1.0};
  EXPECT_EQ(std::bit_cast<std::uint32_t>(mma_element(MmaMode::Sm80, 0.0, a, b)), 0x7fffffffu);
  EXPECT_EQ(mma_element(MmaMode::Sm90, 1.0, std::vector<double>{inf}, std::vector<double>{2.0}),
            std::numeric_limits<float>::infinity());
  EXPECT_EQ(mma_element(MmaMode::Sm80, 0.0, std::vector<double>{0.0}, std::vector<double>{0.0}), 0.0f);
}

}  // namespace
}  // namespace tf::eval::tir
