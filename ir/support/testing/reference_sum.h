// A reference for exact-sum implementations, written the slow, obvious way: every term (finite)
// an arbitrary-precision integer at the smallest term's unit, the sum rounded once to f32 by bit
// tests (to nearest, ties to even, overflow to infinity; an exact zero is +0). For tests only.
#pragma once

#include <algorithm>
#include <boost/multiprecision/cpp_int.hpp>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <vector>

namespace tf::testing {

/// The exactly rounded f32 of the sum of `terms` (each finite).
inline float reference_sum_f32(const std::vector<double>& terms) {
  using boost::multiprecision::cpp_int;
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

/// `count` lists of terms for an exact sum, drawn from `seed`: 1 to 40 terms of random sign
/// whose exponents come from one of several ranges (all of double's, around f32's subnormals,
/// near 1, near f32's overflow, near double's overflow, among double's subnormals) and whose
/// significands have the same random number of bits (few bits make ties likely); every third
/// list also cancels its first term exactly, every fifth adds minus half of each term (carries
/// and borrows across words).
inline std::vector<std::vector<double>> random_sum_cases(std::uint64_t seed, int count) {
  std::mt19937_64 rng(seed);
  const int ranges[][2] = {{-1074, 1023}, {-160, -120}, {-30, 30}, {100, 128}, {1000, 1023}, {-1074, -1000}};
  std::vector<std::vector<double>> out;
  for (int round = 0; round < count; ++round) {
    const auto& r = ranges[round % 6];
    const int n = std::uniform_int_distribution<int>(1, 40)(rng);
    const int bits = std::uniform_int_distribution<int>(1, 53)(rng);
    std::vector<double> terms;
    for (int i = 0; i < n; ++i) {
      const int e = std::uniform_int_distribution<int>(r[0], r[1])(rng);
      const std::uint64_t m = (rng() >> (64 - bits)) | (std::uint64_t{1} << (bits - 1));
      const double v = std::ldexp(static_cast<double>(m), e - bits + 1);  // below DBL_MIN it rounds: still a double
      terms.push_back((rng() & 1) != 0 ? -v : v);
    }
    if (round % 3 == 0) terms.push_back(-terms[0]);
    if (round % 5 == 0)
      for (int i = 0; i < n; ++i) terms.push_back(-terms[static_cast<std::size_t>(i)] * 0.5);
    out.push_back(std::move(terms));
  }
  return out;
}

}  // namespace tf::testing
