#include "ir/numerics/convert.h"

#include <bit>
#include <limits>

#include "ir/numerics/float_format.h"
#include "ir/support/check.h"

namespace tf::numerics {
namespace {

std::uint64_t low_bits_mask(int width) {
  return width >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << width) - 1;
}

MagnitudeRounding magnitude_rounding(Rounding rounding, bool negative) {
  switch (rounding) {
    case Rounding::NearestEven: return MagnitudeRounding::NearestEven;
    case Rounding::TowardZero: return MagnitudeRounding::TowardZero;
    case Rounding::TowardPosInf:
      return negative ? MagnitudeRounding::TowardZero : MagnitudeRounding::AwayFromZero;
  }
  TF_UNREACHABLE("unknown Rounding");
}

/// The code an overflowing (or infinite) value of sign `negative` takes in `f`.
std::uint64_t overflow_code(const FloatFormat& f, bool negative, bool saturate) {
  const std::uint64_t sign = negative ? f.sign_bit() : 0;
  switch (f.specials) {
    case SpecialEncoding::Ieee:  // f32, f16, bf16, fp8e5m2: +-Inf, or +-max (satfinite)
      return sign | (saturate ? f.max_finite_magnitude() : f.inf_magnitude());
    case SpecialEncoding::FiniteNanAllOnes:  // fp8e4m3: +-448, or NaN keeping the sign (NOSAT)
      return sign | (saturate ? f.max_finite_magnitude() : f.magnitude_mask());
    case SpecialEncoding::UnsignedNanAllOnes:  // f8e8m0: 0xFE, or NaN 0xFF
      return saturate ? f.max_finite_magnitude() : f.magnitude_mask();
    case SpecialEncoding::FiniteOnly:  // f6 / f4: always +-max
      return sign | f.max_finite_magnitude();
    case SpecialEncoding::None:
      break;
  }
  TF_UNREACHABLE("overflow of a format without specials kind");
}

/// The code a NaN input takes: the canonical NaN, or +max where the format has no NaN.
std::uint64_t nan_input_code(const FloatFormat& f) {
  switch (f.specials) {
    case SpecialEncoding::Ieee:  // exponent all-ones, mantissa all-ones, sign clear
      return f.magnitude_mask();
    case SpecialEncoding::FiniteNanAllOnes:
    case SpecialEncoding::UnsignedNanAllOnes:
      return f.magnitude_mask();
    case SpecialEncoding::FiniteOnly:
      return f.max_finite_magnitude();
    case SpecialEncoding::None:
      break;
  }
  TF_UNREACHABLE("NaN into a format without specials kind");
}

std::uint64_t encode_float(ExactValue v, const FloatFormat& f, CastMode mode) {
  if (!f.has_sign) v.negative = false;  // f8e8m0 converts |x|
  const std::uint64_t sign = v.negative ? f.sign_bit() : 0;
  switch (v.cls) {
    case ValueClass::NaN: return nan_input_code(f);
    case ValueClass::Inf: return overflow_code(f, v.negative, mode.saturate);
    case ValueClass::Zero: return sign;  // f8e8m0: 0x00 (2^-127, the clip of every tiny value)
    case ValueClass::Finite: break;
  }
  const RoundedMagnitude r = round_magnitude(v.significand, v.exponent, f,
                                             magnitude_rounding(mode.rounding, v.negative));
  if (r.overflow) {
    // f8e8m0 under RZ: the CUDA headers narrow an f64 input to f32 first (clamped to FLT_MAX
    // with a sticky bit), so a finite input never overflows and gives 0xFE even without
    // saturation. Only f64 inputs beyond 2^128 reach this; every finite f32 is below 2^128.
    if (f.specials == SpecialEncoding::UnsignedNanAllOnes && mode.rounding == Rounding::TowardZero)
      return f.max_finite_magnitude();
    return overflow_code(f, v.negative, mode.saturate);
  }
  return sign | r.code;
}

/// Truncation toward zero with saturation; NaN -> 0 (PTX cvt.rzi.sat).
std::uint64_t encode_integer(const ExactValue& v, int width) {
  const std::uint64_t max_magnitude = (std::uint64_t{1} << (width - 1)) - 1;  // 2^(w-1) - 1
  const std::uint64_t min_magnitude = max_magnitude + 1;                     // |INT_MIN|
  std::uint64_t magnitude = 0;
  switch (v.cls) {
    case ValueClass::NaN:
    case ValueClass::Zero:
      return 0;
    case ValueClass::Inf:
      magnitude = min_magnitude;  // saturates below
      break;
    case ValueClass::Finite: {
      const int top = v.exponent + (63 - std::countl_zero(v.significand));
      if (top >= width - 1)
        magnitude = min_magnitude;  // |x| >= 2^(w-1)
      else if (v.exponent >= 0)
        magnitude = v.significand << v.exponent;
      else
        magnitude = -v.exponent >= 64 ? 0 : v.significand >> -v.exponent;
      break;
    }
  }
  if (!v.negative) return magnitude > max_magnitude ? max_magnitude : magnitude;
  if (magnitude > min_magnitude) magnitude = min_magnitude;
  return (~magnitude + 1) & low_bits_mask(width);
}

std::uint64_t encode_exact(const ExactValue& v, DType target, CastMode mode) {
  TF_CHECK(cast_mode_offered(target, mode), "cast to {} with unchecked mode {} saturate={}",
           target.valid() ? target.name() : "<invalid>", rounding_name(mode.rounding),
           mode.saturate);
  switch (target.family()) {
    case DTypeFamily::Float: return encode_float(v, FloatFormat::of(target), mode);
    case DTypeFamily::Integer: return encode_integer(v, target.bit_width());
    case DTypeFamily::Bool: return v.cls == ValueClass::Zero ? 0 : 1;  // NaN -> true
    case DTypeFamily::Compound: break;
  }
  TF_UNREACHABLE("encode into a compound dtype");
}

/// The exact value of `code` in any simple dtype.
ExactValue unpack_any(std::uint64_t code, DType source) {
  TF_CHECK(source.valid() && source.is_simple(), "decode needs a simple dtype");
  switch (source.family()) {
    case DTypeFamily::Float: return unpack_code(code, FloatFormat::of(source));
    case DTypeFamily::Integer: {
      const int width = source.bit_width();
      code &= low_bits_mask(width);
      ExactValue v;
      v.negative = ((code >> (width - 1)) & 1) != 0;
      // Two's complement magnitude; INT_MIN's (2^(w-1)) still fits a uint64_t.
      const std::uint64_t magnitude = v.negative ? (~code + 1) & low_bits_mask(width) : code;
      if (magnitude != 0) {
        v.cls = ValueClass::Finite;
        v.significand = magnitude;
      }
      return v;
    }
    case DTypeFamily::Bool: {
      ExactValue v;
      if ((code & 1) != 0) {
        v.cls = ValueClass::Finite;
        v.significand = 1;
      }
      return v;
    }
    case DTypeFamily::Compound: break;
  }
  TF_UNREACHABLE("decode of a compound dtype");
}

/// Packs an exact value into an IEEE host format with RNE; NaN becomes the quiet NaN with the
/// value's sign.
std::uint64_t pack_host(const ExactValue& v, const FloatFormat& host) {
  const std::uint64_t sign = v.negative ? host.sign_bit() : 0;
  switch (v.cls) {
    case ValueClass::NaN:
      return sign | host.inf_magnitude() | (std::uint64_t{1} << (host.mantissa_bits - 1));
    case ValueClass::Inf: return sign | host.inf_magnitude();
    case ValueClass::Zero: return sign;
    case ValueClass::Finite: break;
  }
  const RoundedMagnitude r =
      round_magnitude(v.significand, v.exponent, host, MagnitudeRounding::NearestEven);
  TF_CHECK(!r.overflow, "a simple dtype value overflows the host format");
  return sign | r.code;
}

}  // namespace

std::uint64_t encode_f64(double x, DType target, CastMode mode) {
  return encode_exact(unpack_f64(x), target, mode);
}

std::uint64_t encode_f32(float x, DType target, CastMode mode) {
  return encode_exact(unpack_f32(x), target, mode);
}

double decode_f64(std::uint64_t code, DType source) {
  return std::bit_cast<double>(pack_host(unpack_any(code, source), FloatFormat::binary64()));
}

float decode_f32(std::uint64_t code, DType source) {
  const auto bits = pack_host(unpack_any(code, source), FloatFormat::of(DType::f32()));
  return std::bit_cast<float>(static_cast<std::uint32_t>(bits));
}

bool is_nan_code(std::uint64_t code, DType dtype) {
  TF_CHECK(dtype.valid() && dtype.is_simple(), "is_nan_code needs a simple dtype");
  if (!dtype.is_float()) return false;
  const FloatFormat f = FloatFormat::of(dtype);
  return f.is_nan(code & low_bits_mask(f.bit_width));
}

std::optional<std::uint64_t> canonical_nan_code(DType dtype) {
  TF_CHECK(dtype.valid() && dtype.is_simple(), "canonical_nan_code needs a simple dtype");
  if (!dtype.is_float()) return std::nullopt;
  const FloatFormat f = FloatFormat::of(dtype);
  if (f.specials == SpecialEncoding::FiniteOnly) return std::nullopt;
  return nan_input_code(f);
}

}  // namespace tf::numerics
