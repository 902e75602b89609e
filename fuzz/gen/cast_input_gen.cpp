#include "fuzz/gen/cast_input_gen.h"

#include <bit>
#include <cmath>
#include <limits>

#include "ir/support/testing/pick.h"

namespace tf::fuzz {
namespace {

std::uint32_t bits_of(float x) { return std::bit_cast<std::uint32_t>(x); }

// A value of the format's grid: (2^M + m) 2^(e - bias - M), or m 2^(1 - bias - M) for e = 0.
double grid_value(int exponent_bits, int mantissa_bits, std::uint32_t e, std::uint32_t m) {
  const int bias = (1 << (exponent_bits - 1)) - 1;
  if (e == 0) return std::ldexp(static_cast<double>(m), 1 - bias - mantissa_bits);
  return std::ldexp(static_cast<double>((std::uint64_t{1} << mantissa_bits) + m), static_cast<int>(e) - bias - mantissa_bits);
}

// The quantum (ulp) of the grid at exponent field e.
double grid_ulp(int exponent_bits, int mantissa_bits, std::uint32_t e) {
  const int bias = (1 << (exponent_bits - 1)) - 1;
  return std::ldexp(1.0, std::max<int>(static_cast<int>(e), 1) - bias - mantissa_bits);
}

}  // namespace

rc::Gen<std::uint32_t> gen_cast_input(int exponent_bits, int mantissa_bits) {
  return rc::gen::exec([exponent_bits, mantissa_bits] {
    const bool negative = one_in(2);
    const float sign = negative ? -1.0f : 1.0f;
    const int kind = pick(0, 100);
    if (kind < 10) {
      const float specials[] = {0.0f, std::numeric_limits<float>::infinity(), std::numeric_limits<float>::max(),
                                std::numeric_limits<float>::denorm_min()};
      const int which = pick(0, 6);
      if (which == 4) return (negative ? 0xffc00000u : 0x7fc00000u) | pick<std::uint32_t>(0, 1u << 22);  // quiet NaN
      if (which == 5) return (negative ? 0xff800001u : 0x7f800001u) + pick<std::uint32_t>(0, (1u << 22) - 1);  // signalling
      return bits_of(sign * specials[which]);
    }
    if (kind < 80) {
      const std::uint32_t e = pick<std::uint32_t>(0, 1u << exponent_bits);
      const std::uint32_t m = pick<std::uint32_t>(0, 1u << mantissa_bits);
      double v = grid_value(exponent_bits, mantissa_bits, e, m);
      if (kind >= 30) v += grid_ulp(exponent_bits, mantissa_bits, e) / 2;  // a tie (exact in f32)
      const float f = static_cast<float>(sign * v);
      if (kind < 65) return bits_of(f);
      return one_in(2) ? bits_of(std::nextafter(f, std::numeric_limits<float>::infinity()))
                       : bits_of(std::nextafter(f, -std::numeric_limits<float>::infinity()));
    }
    if (kind < 90) return *rc::gen::arbitrary<std::uint32_t>();
    const double mantissa = static_cast<double>(pick<std::uint32_t>(1u << 23, 1u << 24));
    return bits_of(static_cast<float>(sign * std::ldexp(mantissa, pick(-30, 31) - 23)));
  });
}

}  // namespace tf::fuzz
