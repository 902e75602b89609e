// WideSum (the emulation's exact accumulator) against a reference written the slow, obvious way:
// every term an arbitrary-precision integer at the smallest term's unit, the sum rounded to f32
// by bit tests. Random sums over the whole double range: huge and tiny terms, cancellation to
// zero and to subnormals, ties, carries and borrows across words.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "cuda/emu/wide_sum.h"
#include "ir/support/testing/reference_sum.h"

namespace tf::emu {
namespace {

float wide(const std::vector<double>& terms) {
  WideSum s;
  for (double t : terms) s.add(t);
  return s.rounded_f32();
}

TEST(WideSum, AgreesWithAnArbitraryPrecisionReferenceOnRandomSums) {
  const std::vector<std::vector<double>> cases = testing::random_sum_cases(20261207, 20000);
  for (std::size_t i = 0; i < cases.size(); ++i)
    ASSERT_EQ(std::bit_cast<std::uint32_t>(wide(cases[i])), std::bit_cast<std::uint32_t>(testing::reference_sum_f32(cases[i])))
        << "case " << i << ", " << cases[i].size() << " terms";
}

// A tie broken by a term anywhere below it, up or down (a carry or a borrow through every word
// between), for both signs.
TEST(WideSum, ATermAnywhereBelowATieBreaksIt) {
  for (int k = 25; k <= 1074; ++k) {
    const double below = std::ldexp(1.0, -k), half = std::ldexp(1.0, -24);
    EXPECT_EQ(wide({1.0, half, below}), 1.0f + std::ldexp(1.0f, -23)) << k;
    EXPECT_EQ(wide({1.0, half, -below}), 1.0f) << k;
    EXPECT_EQ(wide({-1.0, -half, -below}), -1.0f - std::ldexp(1.0f, -23)) << k;
    EXPECT_EQ(wide({-1.0, -half, below}), -1.0f) << k;
  }
}

TEST(WideSum, HoldsSumsBeyondDoubleRangeAndBelowIt) {
  const double max = std::numeric_limits<double>::max(), tiny = std::numeric_limits<double>::denorm_min();
  EXPECT_EQ(wide({max, max, -max, -max, 1.0}), 1.0f);  // 2 * DBL_MAX is held, not infinity
  EXPECT_EQ(wide({max, max}), std::numeric_limits<float>::infinity());
  EXPECT_EQ(wide({-max, -max}), -std::numeric_limits<float>::infinity());
  EXPECT_EQ(std::bit_cast<std::uint32_t>(wide({tiny, tiny, -tiny})), 0u);  // 2^-1074 rounds to +0
  EXPECT_EQ(std::bit_cast<std::uint32_t>(wide({-tiny})), 0x80000000u);     // a negative sum that rounds to zero is -0
  EXPECT_EQ(std::bit_cast<std::uint32_t>(wide({1.0, -1.0})), 0u);          // an exact zero is +0
  EXPECT_EQ(wide({std::ldexp(1.0, 64), -std::ldexp(1.0, 0)}), std::ldexp(1.0f, 64));  // a borrow through a whole word
  EXPECT_EQ(std::bit_cast<std::uint32_t>(wide({std::ldexp(1.0, 128), -std::ldexp(1.0, -1000), -std::ldexp(1.0, 128)})), 0x80000000u);
}

}  // namespace
}  // namespace tf::emu
