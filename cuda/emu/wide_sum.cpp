#include "cuda/emu/wide_sum.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>

namespace tf::emu {

namespace {

constexpr int kBias = 1074;  // bit 0 weighs 2^-1074

}  // namespace

void WideSum::add(double x) {
  const std::uint64_t bits = std::bit_cast<std::uint64_t>(x);
  const auto exponent = static_cast<int>((bits >> 52) & 0x7ff);
  std::uint64_t m = bits & ((std::uint64_t{1} << 52) - 1);
  if (exponent == 0 && m == 0) return;
  if (exponent != 0) m |= std::uint64_t{1} << 52;
  // |x| = m * 2^(max(exponent, 1) - 1075) = m * 2^(bit - kBias)
  const int bit = std::max(exponent, 1) - 1075 + kBias;
  std::uint64_t* words = (bits >> 63) != 0 ? minus_ : plus_;
  const int w = bit / 64, s = bit % 64;
  const std::uint64_t low = m << s, high = s == 0 ? 0 : m >> (64 - s);
  words[w] += low;
  std::uint64_t carry = words[w] < low ? 1 : 0;
  int i = w + 1;
  words[i] += high;
  carry = (words[i] < high ? 1 : 0) + (carry != 0 && ++words[i] == 0 ? 1 : 0);
  while (carry != 0) carry = ++words[++i] == 0 ? 1 : 0;
  first_ = std::min(first_, w);
  last_ = std::max(last_, i);
}

float WideSum::rounded_f32() const {
  int top_word = last_;
  while (top_word >= first_ && plus_[top_word] == minus_[top_word]) --top_word;
  if (top_word < first_) return 0.0f;
  const bool negative = minus_[top_word] > plus_[top_word];
  const std::uint64_t* big = negative ? minus_ : plus_;
  const std::uint64_t* small = negative ? plus_ : minus_;
  std::uint64_t mag[kWords] = {};
  std::uint64_t borrow = 0;
  for (int i = first_; i <= top_word; ++i) {
    mag[i] = big[i] - small[i] - borrow;
    borrow = big[i] < small[i] || (borrow != 0 && big[i] == small[i]) ? 1 : 0;
  }
  int top = -1;
  for (int i = top_word; i >= first_ && top < 0; --i)
    if (mag[i] != 0) top = i * 64 + 63 - std::countl_zero(mag[i]);
  auto bit = [&mag](int i) { return i >= 0 && ((mag[i / 64] >> (i % 64)) & 1) != 0; };
  // 24 significant bits, or f32's subnormal step 2^-149.
  const int lsb = std::max(top - 23, kBias - 149);
  std::uint64_t q = 0;
  for (int i = top; i >= lsb; --i) q = (q << 1) | (bit(i) ? 1 : 0);
  bool sticky = false;
  for (int w = first_; w * 64 < lsb - 1 && !sticky; ++w) {
    const int below = lsb - 1 - w * 64;  // bits of word w below the rounding bit
    const std::uint64_t mask = below >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << below) - 1;
    sticky = (mag[w] & mask) != 0;
  }
  if (bit(lsb - 1) && (sticky || (q & 1) != 0)) ++q;
  const double value = std::ldexp(static_cast<double>(q), lsb - kBias);
  const float r = value > static_cast<double>(std::numeric_limits<float>::max()) ? std::numeric_limits<float>::infinity()
                                                                                 : static_cast<float>(value);
  return negative ? -r : r;
}

}  // namespace tf::emu
