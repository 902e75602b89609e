// FloatFormat and exact rounding: the internal model behind convert.h and float_facts.h.
//
// Design note. Every finite value handled here is a dyadic rational, held exactly as
// ExactValue: |value| = significand * 2^exponent with an integer significand. A float format
// is described by its field widths, bias and special-encoding kind (all derived from the dtype
// descriptor); its finite grid is: quantum 2^(e - p) in the binade [2^e, 2^(e+1)) for
// e >= min_normal_exponent, and the fixed quantum 2^(min_normal_exponent - p) below it.
// round_magnitude rounds a magnitude onto that grid with an unbounded exponent (RNE, RZ or
// round-away on the exact value) and only then decides overflow against the largest finite
// code, which is what the CUDA headers do (docs/numerics.md "Element formats"). Everything is
// integer arithmetic: no host float operation touches a value.
//
// f8e8m0 fits the model as a format with no mantissa, no sign and no subnormals whose smallest
// binade is 2^-127 (min_normal_exponent = -bias): values below it round to 0 or to 2^-127 and
// both clip to code 0x00.
#pragma once

#include <cstdint>

#include "ir/dtype/dtype.h"

namespace tf::numerics {

/// What kind of value an ExactValue holds.
enum class ValueClass : std::uint8_t { Zero, Finite, Inf, NaN };

/// An exact value: sign, class and, for Finite, |value| = significand * 2^exponent.
struct ExactValue {
  bool negative = false;
  ValueClass cls = ValueClass::Zero;
  std::uint64_t significand = 0;  ///< > 0 exactly when cls == Finite
  int exponent = 0;
};

/// The exact value of a host double / float, read from its bits.
ExactValue unpack_f64(double x);
ExactValue unpack_f32(float x);

/// Rounding of a magnitude (the sign is applied by the caller).
enum class MagnitudeRounding : std::uint8_t { NearestEven, TowardZero, AwayFromZero };

/// A sign-exponent-mantissa format. Codes are right-aligned in a uint64_t.
struct FloatFormat {
  int bit_width = 0;
  int exponent_bits = 0;
  int mantissa_bits = 0;
  int bias = 0;
  bool has_sign = true;
  bool has_subnormals = true;
  SpecialEncoding specials = SpecialEncoding::Ieee;
  int min_normal_exponent = 0;       ///< unbiased exponent of the smallest normal binade
  std::uint64_t max_biased_exponent = 0;  ///< fields of the largest finite magnitude
  std::uint64_t max_mantissa = 0;

  /// The format of a simple float dtype (InternalError for any other dtype).
  static FloatFormat of(DType dtype);
  /// IEEE binary64, used to build decoded doubles.
  static FloatFormat binary64();

  std::uint64_t sign_bit() const { return has_sign ? std::uint64_t{1} << (bit_width - 1) : 0; }
  std::uint64_t magnitude_mask() const {
    return (std::uint64_t{1} << (has_sign ? bit_width - 1 : bit_width)) - 1;
  }
  std::uint64_t max_finite_magnitude() const {
    return (max_biased_exponent << mantissa_bits) | max_mantissa;
  }
  /// The +Inf code (Ieee formats only; InternalError otherwise).
  std::uint64_t inf_magnitude() const;
  /// True when `code` (sign bit included) is one of the format's NaN encodings.
  bool is_nan(std::uint64_t code) const;
};

/// The rounded magnitude: its code without the sign bit, or overflow (beyond max finite after
/// rounding). A magnitude that rounds to zero gives code 0.
struct RoundedMagnitude {
  bool overflow = false;
  std::uint64_t code = 0;
};

/// Rounds significand * 2^exponent (significand > 0) onto the grid of `format` with an unbounded
/// exponent, then compares with the largest finite magnitude.
RoundedMagnitude round_magnitude(std::uint64_t significand, int exponent,
                                 const FloatFormat& format, MagnitudeRounding rounding);

/// The exact value of `code` in `format` (bits above bit_width are ignored).
ExactValue unpack_code(std::uint64_t code, const FloatFormat& format);

}  // namespace tf::numerics
