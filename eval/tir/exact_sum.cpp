#include "eval/tir/exact_sum.h"

#include <cmath>
#include <limits>

namespace tf::eval::tir {

void ExactSum::add(double x) {
  if (std::isnan(x)) { nan_ = true; return; }
  if (std::isinf(x)) { (x > 0 ? pos_inf_ : neg_inf_) = true; return; }
  if (x == 0) return;
  int exp = 0;
  const double m = std::frexp(std::fabs(x), &exp);  // |x| = m * 2^exp, m in [0.5, 1)
  std::uint64_t mant = static_cast<std::uint64_t>(std::ldexp(m, 53));
  int lsb = exp - 53 + kBias;  // bit position of mant's least bit
  if (lsb < 0) {  // a subnormal, normalized by frexp: its set bits are at 2^-1074 (position 26) and up
    mant >>= -lsb;
    lsb = 0;
  }
  // Add or subtract mant << lsb.
  int word = lsb / 64, bit = lsb % 64;
  std::uint64_t lo = mant << bit, hi = bit == 0 ? 0 : mant >> (64 - bit);
  if (x > 0) {
    unsigned __int128 carry = 0;
    for (int i = word; i < kWords; ++i) {
      const std::uint64_t add = i == word ? lo : i == word + 1 ? hi : 0;
      const unsigned __int128 s = static_cast<unsigned __int128>(words_[i]) + add + carry;
      words_[i] = static_cast<std::uint64_t>(s);
      carry = s >> 64;
      if (carry == 0 && i > word) break;
    }
  } else {
    std::uint64_t borrow = 0;
    for (int i = word; i < kWords; ++i) {
      const std::uint64_t sub = i == word ? lo : i == word + 1 ? hi : 0;
      const std::uint64_t w = words_[i];
      const std::uint64_t d = w - sub - borrow;
      borrow = (w < sub || (w - sub) < borrow) ? 1 : 0;
      words_[i] = d;
      if (borrow == 0 && i > word) break;
    }
  }
}

// The sum rounded to nearest (ties to even) with `digits` significand bits and the least
// subnormal 2^min_exponent, as a double (exact for both float and double results).
double ExactSum::rounded(int digits, int min_exponent) const {
  if (nan_ || (pos_inf_ && neg_inf_)) return std::numeric_limits<double>::quiet_NaN();
  if (pos_inf_) return std::numeric_limits<double>::infinity();
  if (neg_inf_) return -std::numeric_limits<double>::infinity();
  std::array<std::uint64_t, kWords> mag = words_;
  const bool negative = (mag[kWords - 1] >> 63) != 0;
  if (negative) {  // two's complement negate
    std::uint64_t carry = 1;
    for (std::uint64_t& w : mag) {
      w = ~w + carry;
      carry = (carry != 0 && w == 0) ? 1 : 0;
    }
  }
  int top = -1;
  for (int i = kWords - 1; i >= 0 && top < 0; --i)
    if (mag[i] != 0) top = i * 64 + (63 - __builtin_clzll(mag[i]));
  if (top < 0) return 0.0;
  auto bit_at = [&](int p) -> std::uint64_t { return p < 0 ? 0 : (mag[p / 64] >> (p % 64)) & 1; };
  const int subnormal_lsb = min_exponent + kBias;
  const int lsb = std::max(top - (digits - 1), subnormal_lsb);
  std::uint64_t q = 0;
  for (int p = top; p >= lsb; --p) q = (q << 1) | bit_at(p);
  const std::uint64_t round = bit_at(lsb - 1);
  // The sticky bit: any bit below the round bit, bits [0, lsb - 1), a word at a time.
  bool sticky = false;
  if (const int below = lsb - 1; below > 0) {
    const int whole = below / 64, rest = below % 64;
    for (int i = 0; i < whole && !sticky; ++i) sticky = mag[i] != 0;
    if (!sticky && rest > 0) sticky = (mag[whole] & ((std::uint64_t{1} << rest) - 1)) != 0;
  }
  if (round != 0 && (sticky || (q & 1) != 0)) ++q;
  const double v = std::ldexp(static_cast<double>(q), lsb - kBias);  // inf past double's range
  return negative ? -v : v;
}

float ExactSum::to_f32() const {
  const double v = rounded(24, -149);
  if (std::fabs(v) > static_cast<double>(std::numeric_limits<float>::max()) && std::isfinite(v))
    return v > 0 ? std::numeric_limits<float>::infinity() : -std::numeric_limits<float>::infinity();
  return static_cast<float>(v);
}

double ExactSum::to_double() const { return rounded(53, -1074); }

}  // namespace tf::eval::tir
