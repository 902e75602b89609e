#include "eval/tir/exact_sum.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>

namespace tf::eval::tir {

void ExactSum::add(double x) {
  const std::uint64_t u = std::bit_cast<std::uint64_t>(x);
  const int biased = static_cast<int>((u >> 52) & 0x7ff);
  const std::uint64_t fraction = u & ((std::uint64_t{1} << 52) - 1);
  const bool minus = (u >> 63) != 0;
  if (biased == 0x7ff) {
    if (fraction != 0)
      nan_ = true;
    else
      (minus ? neg_inf_ : pos_inf_) = true;
    return;
  }
  if (biased == 0 && fraction == 0) return;
  // |x| = mant * 2^(lsb - kBias): a subnormal's exponent is that of the least normal.
  const std::uint64_t mant = biased == 0 ? fraction : fraction | (std::uint64_t{1} << 52);
  const int lsb = (biased == 0 ? 1 : biased) - 1075 + kBias;
  const int word = lsb / 64, bit = lsb % 64;
  const std::uint64_t parts[2] = {mant << bit, bit == 0 ? 0 : mant >> (64 - bit)};
  std::array<std::uint64_t, kWords>& sum = minus ? negative_ : positive_;
  std::uint64_t carry = 0;
  int i = word;
  for (; i < kWords; ++i) {
    const std::uint64_t part = i - word < 2 ? parts[i - word] : 0;
    if (i - word >= 2 && carry == 0) break;
    const unsigned __int128 s = static_cast<unsigned __int128>(sum[static_cast<std::size_t>(i)]) + part + carry;
    sum[static_cast<std::size_t>(i)] = static_cast<std::uint64_t>(s);
    carry = static_cast<std::uint64_t>(s >> 64);
  }
  low_ = std::min(low_, word);
  high_ = std::max(high_, std::min(i, kWords) - 1);
}

// The sum rounded to nearest (ties to even) with `digits` significand bits and the least
// subnormal 2^min_exponent, as a double (exact for both float and double results).
double ExactSum::rounded(int digits, int min_exponent) const {
  if (nan_ || (pos_inf_ && neg_inf_)) return std::numeric_limits<double>::quiet_NaN();
  if (pos_inf_) return std::numeric_limits<double>::infinity();
  if (neg_inf_) return -std::numeric_limits<double>::infinity();
  // The larger magnitude, from the top word the sums differ in, gives the sign.
  int differ = high_;
  while (differ >= low_ && positive_[static_cast<std::size_t>(differ)] == negative_[static_cast<std::size_t>(differ)]) --differ;
  if (differ < low_) return 0.0;  // an exact zero (or no term)
  const bool negative = negative_[static_cast<std::size_t>(differ)] > positive_[static_cast<std::size_t>(differ)];
  const std::array<std::uint64_t, kWords>& big = negative ? negative_ : positive_;
  const std::array<std::uint64_t, kWords>& small = negative ? positive_ : negative_;
  std::array<std::uint64_t, kWords> mag{};  // the difference occupies words [low_, differ]
  std::uint64_t borrow = 0;
  for (int i = low_; i <= differ; ++i) {
    const auto w = static_cast<std::size_t>(i);
    mag[w] = big[w] - small[w] - borrow;
    borrow = (big[w] < small[w] || (borrow != 0 && big[w] == small[w])) ? 1 : 0;
  }
  int top = -1;
  for (int i = differ; i >= low_ && top < 0; --i)
    if (mag[static_cast<std::size_t>(i)] != 0) top = i * 64 + (63 - std::countl_zero(mag[static_cast<std::size_t>(i)]));
  auto bit_at = [&](int p) -> std::uint64_t { return p < 0 ? 0 : (mag[static_cast<std::size_t>(p / 64)] >> (p % 64)) & 1; };
  const int subnormal_lsb = min_exponent + kBias;
  const int lsb = std::max(top - (digits - 1), subnormal_lsb);
  std::uint64_t q = 0;
  for (int p = top; p >= lsb; --p) q = (q << 1) | bit_at(p);
  const std::uint64_t round = bit_at(lsb - 1);
  // The sticky bit: any bit below the round bit, bits [low_ * 64, lsb - 1), a word at a time.
  bool sticky = false;
  if (const int below = lsb - 1; below > low_ * 64) {
    const int whole = below / 64, rest = below % 64;
    for (int i = low_; i < whole && !sticky; ++i) sticky = mag[static_cast<std::size_t>(i)] != 0;
    if (!sticky && rest > 0) sticky = (mag[static_cast<std::size_t>(whole)] & ((std::uint64_t{1} << rest) - 1)) != 0;
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
