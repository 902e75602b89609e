// ExactSum: the exact sum of doubles rounded once to f32, on values whose right answer is known.
#include "eval/tir/exact_sum.h"

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "ir/support/testing/reference_sum.h"

namespace tf::eval::tir {
namespace {

float sum_of(const std::vector<double>& xs) {
  ExactSum s;
  for (double x : xs) s.add(x);
  return s.to_f32();
}

TEST(ExactSum, RoundsTheExactValueOnce) {
  // 1 + 15 * 2^-26 = 1 + 1.875 * 2^-23 rounds to 1 + 2^-22 (a running f32 sum gives 1).
  std::vector<double> xs{1.0};
  for (int i = 0; i < 15; ++i) xs.push_back(std::ldexp(1.0, -26));
  EXPECT_EQ(sum_of(xs), 1.0f + std::ldexp(1.0f, -22));
  // Ties go to even: 1 + 2^-24 -> 1; 1 + 3 * 2^-24 -> 1 + 2^-22.
  EXPECT_EQ(sum_of({1.0, std::ldexp(1.0, -24)}), 1.0f);
  EXPECT_EQ(sum_of({1.0, 3 * std::ldexp(1.0, -24)}), 1.0f + std::ldexp(1.0f, -22));
  // Just above the tie rounds up.
  EXPECT_EQ(sum_of({1.0, std::ldexp(1.0, -24), std::ldexp(1.0, -60)}), 1.0f + std::ldexp(1.0f, -23));
}

// The sticky bit sees a term at every position below the round bit, in every word of the sum:
// a tie plus 2^-k rounds up for every k down to double's least subnormal, and stays even
// without it; alike for the double rounding, and for negative sums.
TEST(ExactSum, ATermAnywhereBelowTheRoundBitBreaksATie) {
  for (int k = 25; k <= 1074; ++k) {
    EXPECT_EQ(sum_of({1.0, std::ldexp(1.0, -24), std::ldexp(1.0, -k)}), 1.0f + std::ldexp(1.0f, -23)) << k;
    EXPECT_EQ(sum_of({-1.0, -std::ldexp(1.0, -24), -std::ldexp(1.0, -k)}), -1.0f - std::ldexp(1.0f, -23)) << k;
  }
  // Subtracting 2^-k instead leaves the sum just below the tie (a borrow through every word
  // between): it rounds down.
  for (int k = 25; k <= 1074; ++k) {
    EXPECT_EQ(sum_of({1.0, std::ldexp(1.0, -24), -std::ldexp(1.0, -k)}), 1.0f) << k;
    EXPECT_EQ(sum_of({-1.0, -std::ldexp(1.0, -24), std::ldexp(1.0, -k)}), -1.0f) << k;
  }
  for (int k = 54; k <= 1074; ++k) {
    ExactSum s;
    s.add(1.0);
    s.add(std::ldexp(1.0, -53));
    s.add(std::ldexp(1.0, -k));
    EXPECT_EQ(s.to_double(), 1.0 + std::ldexp(1.0, -52)) << k;
  }
  ExactSum tie;
  tie.add(1.0);
  tie.add(std::ldexp(1.0, -53));
  EXPECT_EQ(tie.to_double(), 1.0);
}

TEST(ExactSum, CancellationKeepsTheSmallTerms) {
  EXPECT_EQ(sum_of({1e30, 1.0, -1e30}), 1.0f);
  EXPECT_EQ(sum_of({std::ldexp(1.0, 1000), std::ldexp(1.0, -1000), -std::ldexp(1.0, 1000)}), 0.0f);  // 2^-1000 underflows f32
  EXPECT_EQ(sum_of({-3.0, 1.0}), -2.0f);
  EXPECT_EQ(sum_of({}), 0.0f);
}

TEST(ExactSum, SubnormalsOverflowAndSpecials) {
  const float tiny = std::numeric_limits<float>::denorm_min();  // 2^-149
  EXPECT_EQ(sum_of({std::ldexp(1.0, -149), std::ldexp(1.0, -149)}), 2 * tiny);
  EXPECT_EQ(sum_of({std::ldexp(1.0, -150)}), 0.0f);                 // a tie: to even (0)
  EXPECT_EQ(sum_of({std::ldexp(3.0, -151)}), tiny);                  // 0.75 ulp rounds up
  EXPECT_EQ(sum_of({3.4e38, 3.4e38}), std::numeric_limits<float>::infinity());
  EXPECT_EQ(sum_of({-3.4e38, -3.4e38}), -std::numeric_limits<float>::infinity());
  const double inf = std::numeric_limits<double>::infinity();
  EXPECT_TRUE(std::isnan(sum_of({inf, -inf})));
  EXPECT_TRUE(std::isnan(sum_of({1.0, std::nan("")})));
  EXPECT_EQ(sum_of({inf, 1.0}), std::numeric_limits<float>::infinity());
}

// Double subnormals keep their exact values (frexp normalizes them, so a term's least bit lies
// below the sum's bit 0 until its zero low bits are dropped; that shift was negative, undefined
// behaviour UBSan reported): k * 2^-1074 terms sum and read back exactly.
TEST(ExactSum, DoubleSubnormalTermsAreExact) {
  const double least = std::ldexp(1.0, -1074);
  ExactSum s;
  for (double x : {least, least, 3 * least}) s.add(x);
  EXPECT_EQ(s.to_double(), 5 * least);
  ExactSum up;
  up.add(std::ldexp(1.0, -1022) - least);  // the largest subnormal
  up.add(least);
  EXPECT_EQ(up.to_double(), std::ldexp(1.0, -1022));
  ExactSum none;
  none.add(3 * least);
  none.add(-3 * least);
  none.add(std::ldexp(1.0, -1070));
  EXPECT_EQ(none.to_double(), 16 * least);
}

// Random sums over the whole double range against an arbitrary-precision reference (ties,
// cancellation to zero and to subnormals, carries and borrows across words, both signs).
TEST(ExactSum, AgreesWithAnArbitraryPrecisionReferenceOnRandomSums) {
  const std::vector<std::vector<double>> cases = testing::random_sum_cases(7, 20000);
  for (std::size_t i = 0; i < cases.size(); ++i)
    ASSERT_EQ(std::bit_cast<std::uint32_t>(sum_of(cases[i])), std::bit_cast<std::uint32_t>(testing::reference_sum_f32(cases[i])))
        << "case " << i << ", " << cases[i].size() << " terms";
}

}  // namespace
}  // namespace tf::eval::tir
