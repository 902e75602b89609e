// WideSum (the emulation's exact accumulator) against a reference written the slow, obvious way:
// every term an arbitrary-precision integer at the smallest term's unit, the sum rounded to f32
// by bit tests. Random sums over the whole double range: huge and tiny terms, cancellation to
// zero and to subnormals, ties, carries and borrows across words.
#include <gtest/gtest.h>

#include <bit>
#include <boost/multiprecision/cpp_int.hpp>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <vector>

#include "cuda/emu/wide_sum.h"

namespace tf::emu {
namespace {

using boost::multiprecision::cpp_int;

float reference(const std::vector<double>& terms) {
  int unit = std::numeric_limits<int>::max();
  for (double t : terms)
    if (t != 0) unit = std::min(unit, std::ilogb(t) - 52);
  cpp_int sum = 0;
  for (double t : terms) {
    if (t == 0) continue;
    const cpp_int m(static_cast<std::int64_t>(std::ldexp(t, -(std::ilogb(t) - 52))));  // 53-bit integer
    sum += m << (std::ilogb(t) - 52 - unit);
  }
  if (sum == 0) return 0.0f;
  const bool negative = sum < 0;
  const cpp_int mag = negative ? cpp_int(-sum) : sum;
  const int top = static_cast<int>(boost::multiprecision::msb(mag));
  const int lsb = std::max(top - 23, -149 - unit);
  double value;
  if (lsb <= 0) {
    value = std::ldexp(static_cast<double>(mag), unit);
  } else {
    cpp_int q = mag >> lsb;
    const bool round = boost::multiprecision::bit_test(mag, static_cast<unsigned>(lsb - 1));
    const cpp_int below = mag & ((cpp_int(1) << (lsb - 1)) - 1);
    if (round && (below != 0 || boost::multiprecision::bit_test(q, 0))) ++q;
    value = std::ldexp(static_cast<double>(q), lsb + unit);
  }
  const float r = value > std::numeric_limits<float>::max() ? std::numeric_limits<float>::infinity() : static_cast<float>(value);
  return negative ? -r : r;
}

float wide(const std::vector<double>& terms) {
  WideSum s;
  for (double t : terms) s.add(t);
  return s.rounded_f32();
}

// A finite double of random sign, with its exponent drawn from [lo, hi] and a random significand
// of `bits` bits (few bits make ties and exact cancellations likely).
double term(std::mt19937_64& rng, int lo, int hi, int bits) {
  const int e = std::uniform_int_distribution<int>(lo, hi)(rng);
  const std::uint64_t m = (rng() >> (64 - bits)) | (std::uint64_t{1} << (bits - 1));
  const double v = std::ldexp(static_cast<double>(m), e - bits + 1);
  return (rng() & 1) != 0 ? -v : v;
}

TEST(WideSum, AgreesWithAnArbitraryPrecisionReferenceOnRandomSums) {
  std::mt19937_64 rng(20261207);
  const int ranges[][2] = {{-1074, 1023}, {-160, -120}, {-30, 30}, {100, 128}, {1000, 1023}, {-1074, -1000}};
  for (int round = 0; round < 20000; ++round) {
    const auto& r = ranges[round % 6];
    const int n = std::uniform_int_distribution<int>(1, 40)(rng);
    const int bits = std::uniform_int_distribution<int>(1, 53)(rng);
    std::vector<double> terms;
    for (int i = 0; i < n; ++i) terms.push_back(term(rng, r[0], r[1], bits));
    if (round % 3 == 0) terms.push_back(-terms[0]);  // an exact cancellation
    if (round % 5 == 0)
      for (int i = 0; i < n; ++i) terms.push_back(-terms[static_cast<std::size_t>(i)] * 0.5);  // halves: carries and borrows
    const float want = reference(terms), got = wide(terms);
    ASSERT_EQ(std::bit_cast<std::uint32_t>(got), std::bit_cast<std::uint32_t>(want)) << "round " << round << ", " << terms.size() << " terms";
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
