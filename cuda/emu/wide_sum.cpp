#include "cuda/emu/wide_sum.h"

#include <bit>
#include <cmath>
#include <limits>

namespace tf::emu {

namespace {

constexpr int kBias = 1074;  // bit 0 weighs 2^-1074

// |x| (finite, not 0) as m * 2^(bit - kBias), m odd.
void magnitude_and_bit(double x, std::uint64_t& m, int& bit) {
  int e = 0;
  const double f = std::frexp(std::fabs(x), &e);  // |x| = f * 2^e, 0.5 <= f < 1
  m = static_cast<std::uint64_t>(std::ldexp(f, 53));
  const int zeros = std::countr_zero(m);
  m >>= zeros;
  bit = e - 53 + zeros + kBias;  // >= 0: every double is a multiple of 2^-1074
}

}  // namespace

void WideSum::add_magnitude(std::uint64_t m, int bit) {
  const int w = bit / 64, s = bit % 64;
  const std::uint64_t parts[2] = {m << s, s == 0 ? 0 : m >> (64 - s)};
  std::uint64_t carry = 0;
  for (int i = w; i < kWords; ++i) {
    const std::uint64_t part = i - w < 2 ? parts[i - w] : 0;
    if (i - w >= 2 && carry == 0) break;
    const std::uint64_t before = words_[i];
    words_[i] = before + part + carry;
    carry = (words_[i] < before || (carry != 0 && words_[i] == before)) ? 1 : 0;
  }
}

void WideSum::subtract_magnitude(std::uint64_t m, int bit) {
  const int w = bit / 64, s = bit % 64;
  const std::uint64_t parts[2] = {m << s, s == 0 ? 0 : m >> (64 - s)};
  std::uint64_t borrow = 0;
  for (int i = w; i < kWords; ++i) {
    const std::uint64_t part = i - w < 2 ? parts[i - w] : 0;
    if (i - w >= 2 && borrow == 0) break;
    const std::uint64_t before = words_[i];
    words_[i] = before - part - borrow;
    borrow = (before < part || (borrow != 0 && before == part)) ? 1 : 0;
  }
}

void WideSum::add(double x) {
  if (x == 0) return;
  std::uint64_t m = 0;
  int bit = 0;
  magnitude_and_bit(x, m, bit);
  if (x > 0)
    add_magnitude(m, bit);
  else
    subtract_magnitude(m, bit);
}

float WideSum::rounded_f32() const {
  const bool negative = (words_[kWords - 1] >> 63) != 0;
  std::uint64_t mag[kWords];
  std::uint64_t carry = 1;  // the two's complement: invert, add one
  for (int i = 0; i < kWords; ++i) {
    mag[i] = negative ? ~words_[i] + carry : words_[i];
    if (negative) carry = carry != 0 && mag[i] == 0 ? 1 : 0;
  }
  int top = -1;
  for (int i = kWords - 1; i >= 0 && top < 0; --i)
    if (mag[i] != 0) top = i * 64 + 63 - std::countl_zero(mag[i]);
  if (top < 0) return 0.0f;
  auto bit = [&mag](int i) { return i >= 0 && ((mag[i / 64] >> (i % 64)) & 1) != 0; };
  // 24 significant bits, or f32's subnormal step 2^-149.
  const int lsb = std::max(top - 23, kBias - 149);
  std::uint64_t q = 0;
  for (int i = top; i >= lsb; --i) q = (q << 1) | (bit(i) ? 1 : 0);
  bool sticky = false;
  for (int w = 0; w * 64 < lsb - 1 && !sticky; ++w) {
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
