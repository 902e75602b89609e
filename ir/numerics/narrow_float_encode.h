// Branch-free encode of f32 bits into a narrow float format (fp8, fp6, fp4): round to nearest
// even, then overflow, then NaN, as encode_f32 does (docs/numerics.md).
//
// Design note. For a format with E exponent bits (bias 2^(E-1) - 1) and M mantissa bits, an f32
// with biased exponent B and integer significand S (hidden bit included, 2^23 <= S < 2^24) has
// the target exponent field F = B - 127 + bias. One formula covers both target ranges, so a loop
// of it has no branch and vectorizes (simd_clones.h):
//   normal (F >= 1)     code = ((F - 1) << M) + RNE(S / 2^(23 - M)). The quotient lies in
//                       [2^M, 2^(M+1)], so the hidden bit adds the last 1 to the exponent field,
//                       and a rounding carry to 2^(M+1) moves to the next binade, which is the
//                       correctly rounded code.
//   subnormal (F <= 0)  code = RNE(S / 2^(23 - M + 1 - F)): the value in units of the subnormal
//                       quantum 2^(1 - bias - M); rounding up from the largest subnormal gives
//                       the smallest normal code, again correct. The shift is capped at 31,
//                       where (as from 25 on) the result is 0.
//   RNE                 (S + 2^(k-1) - 1 + kept lsb) >> k: the sum carries into the kept part
//                       exactly when the dropped part exceeds half, or equals it with an odd
//                       kept part.
//   overflow            every rounded magnitude above kMaxCode (Inf included) -> overflow_code
//                       (kMaxCode when saturating, else the format's NOSAT code);
//   NaN                 kNanCode, unsigned (fp8: 0x7F; fp6 / fp4, which have no NaN: +max).
// The sign is the f32 sign bit moved to bit kSignBit (so -0 and tiny negatives give the
// negative zero code). Rounding happens once, on the exact f32 value, with an unbounded exponent
// before the overflow decision: the same three steps as the exact converter. The tests compare
// it with encode_f32 on every grid point, midpoint and neighbour, and on random patterns.
#pragma once

#include <cstdint>

namespace tf::numerics {

/// The code of the f32 with bits `bits` in the format <kExponentBits, kMantissaBits> whose
/// largest finite unsigned code is kMaxCode, sign at bit kSignBit, NaN code kNanCode, RNE;
/// a rounded magnitude above kMaxCode gives `overflow_code` (unsigned, sign added).
template <int kExponentBits, int kMantissaBits, std::uint32_t kMaxCode, int kSignBit,
          std::uint32_t kNanCode>
inline std::uint8_t encode_narrow_float(std::uint32_t bits, std::uint32_t overflow_code) {
  constexpr int kBias = (1 << (kExponentBits - 1)) - 1;
  constexpr int kDropped = 23 - kMantissaBits;

  const std::uint32_t sign = (bits >> 31) << kSignBit;
  const std::uint32_t magnitude = bits & 0x7FFFFFFFu;
  // The target's exponent field minus 1; below 0 the target is subnormal and every step below
  // drops one more bit (f32 zeros and subnormals drop 31 and round to 0, as they must).
  const int field_minus_1 = static_cast<int>(magnitude >> 23) - (128 - kBias);
  const std::uint32_t significand = (magnitude & 0x7FFFFFu) | 0x800000u;  // hidden bit included
  int shift = kDropped - (field_minus_1 < 0 ? field_minus_1 : 0);
  shift = shift > 31 ? 31 : shift;
  const std::uint32_t base =
      static_cast<std::uint32_t>(field_minus_1 > 0 ? field_minus_1 : 0) << kMantissaBits;
  // RNE: adding (half - 1) plus the kept lsb carries exactly when the dropped part is above
  // half, or equal to it with an odd kept part; significand + 2^30 < 2^31.
  const std::uint32_t kept_lsb = (significand >> shift) & 1u;
  std::uint32_t code = base + ((significand + ((1u << (shift - 1)) - 1u) + kept_lsb) >> shift);
  code = code > kMaxCode ? overflow_code : code;
  code |= sign;
  return static_cast<std::uint8_t>(magnitude > 0x7F800000u ? kNanCode : code);
}

// The formats, RNE. fp8 takes its overflow code (saturating or NOSAT); fp6 / fp4 always
// saturate and turn NaN into +max.
inline std::uint8_t encode_fp8e4m3_bits(std::uint32_t bits, std::uint32_t overflow_code) {
  return encode_narrow_float<4, 3, 0x7E, 7, 0x7F>(bits, overflow_code);
}
inline std::uint8_t encode_fp8e5m2_bits(std::uint32_t bits, std::uint32_t overflow_code) {
  return encode_narrow_float<5, 2, 0x7B, 7, 0x7F>(bits, overflow_code);
}
inline std::uint8_t encode_f6e3m2_bits(std::uint32_t bits) {
  return encode_narrow_float<3, 2, 0x1F, 5, 0x1F>(bits, 0x1F);
}
inline std::uint8_t encode_f6e2m3_bits(std::uint32_t bits) {
  return encode_narrow_float<2, 3, 0x1F, 5, 0x1F>(bits, 0x1F);
}
inline std::uint8_t encode_f4e2m1_bits(std::uint32_t bits) {
  return encode_narrow_float<2, 1, 0x7, 3, 0x7>(bits, 0x7);
}

}  // namespace tf::numerics
