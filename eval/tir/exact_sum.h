// ExactSum: the exact sum of doubles, rounded once (Mma's `exact` mode, docs/tir-semantics.md).
//
// Design note. Every finite double is an integer multiple of 2^-1074 below 2^1024, so a fixed-
// point integer of 2,304 bits with its least bit worth 2^-1100 holds any sum of up to 2^180 of
// them exactly. The positive and the negative terms are summed apart, as magnitudes, so a carry
// stays near the term that caused it (a two's-complement sum that changes sign would carry
// through every word); the words either sum has touched are tracked, and rounding reads only
// those. Rounding takes the difference of the two sums, then its top 24 significant bits (fewer
// below the f32 normal range), a round bit and a sticky bit: round to nearest, ties to even,
// overflow to infinity; an exact zero is +0. NaN, and infinities of both signs, give NaN;
// infinities of one sign give that infinity.
#pragma once

#include <array>
#include <cstdint>

namespace tf::eval::tir {

class ExactSum {
 public:
  /// Adds x exactly.
  void add(double x);
  /// The sum rounded once to f32 (round to nearest, ties to even).
  float to_f32() const;
  /// The sum rounded once to double (round to nearest, ties to even; NaN and infinities as
  /// to_f32; a sum beyond double's range is infinite).
  double to_double() const;

 private:
  double rounded(int digits, int min_exponent) const;
  static constexpr int kWords = 36;
  static constexpr int kBias = 1100;  // bit 0 is worth 2^-kBias
  std::array<std::uint64_t, kWords> positive_{}, negative_{};  // the magnitudes of each sign's terms
  int low_ = kWords, high_ = -1;  // the words either sum has touched
  bool nan_ = false, pos_inf_ = false, neg_inf_ = false;
};

}  // namespace tf::eval::tir
