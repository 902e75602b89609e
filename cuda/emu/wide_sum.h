// The emulation's exact sum of doubles: fixed-point accumulators wide enough for any sum of up to
// kMaxTerms finite doubles (bit 0 weighs 2^-1074, the smallest subnormal; 2,176 bits hold
// 2^16 * DBL_MAX), one for the positive terms and one for the negative ones, so adding a term is
// a shift into two words and a short carry, and nothing is rounded until the one rounding to f32
// at the end, which reads only the words a term reached. What an MMA computes in the emulation's
// `exact` mode (mma_m16n8k16.h): C plus the products, each exact in double.
#pragma once

#include <cstdint>

namespace tf::emu {

/// A running exact sum of finite doubles (at most kMaxTerms of them, each |x| <= DBL_MAX).
class WideSum {
 public:
  static constexpr int kMaxTerms = 1 << 16;

  /// Adds x exactly (x finite).
  void add(double x);
  /// The sum rounded to f32 (to nearest, ties to even, beyond FLT_MAX's rounding range to
  /// infinity); +0 for an exact zero, -0 for a negative sum that rounds to zero.
  float rounded_f32() const;

 private:
  static constexpr int kWords = 34;  // 2,176 bits
  std::uint64_t plus_[kWords] = {}, minus_[kWords] = {};
  int first_ = kWords, last_ = -1;  // the words a term or its carry reached
};

}  // namespace tf::emu
