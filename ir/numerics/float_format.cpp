#include "ir/numerics/float_format.h"

#include <algorithm>
#include <bit>

#include "ir/support/check.h"
#include "ir/support/plant.h"

namespace tf::numerics {
namespace {

ExactValue unpack_ieee(std::uint64_t bits, int exponent_bits, int mantissa_bits) {
  const int width = 1 + exponent_bits + mantissa_bits;
  const std::uint64_t mantissa_mask = (std::uint64_t{1} << mantissa_bits) - 1;
  const std::uint64_t exponent_mask = (std::uint64_t{1} << exponent_bits) - 1;
  const int bias = (1 << (exponent_bits - 1)) - 1;
  ExactValue v;
  v.negative = ((bits >> (width - 1)) & 1) != 0;
  const std::uint64_t biased = (bits >> mantissa_bits) & exponent_mask;
  const std::uint64_t mantissa = bits & mantissa_mask;
  if (biased == exponent_mask) {
    v.cls = mantissa == 0 ? ValueClass::Inf : ValueClass::NaN;
    return v;
  }
  if (biased == 0 && mantissa == 0) return v;  // +-0
  v.cls = ValueClass::Finite;
  if (biased == 0) {
    v.significand = mantissa;
    v.exponent = 1 - bias - mantissa_bits;
  } else {
    v.significand = mantissa | (mantissa_mask + 1);
    v.exponent = static_cast<int>(biased) - bias - mantissa_bits;
  }
  return v;
}

/// significand * 2^exponent rounded to a multiple of 2^quantum, as a count of quanta.
/// Precondition: when exponent >= quantum the shifted significand fits in 64 bits.
std::uint64_t round_to_quantum(std::uint64_t significand, int exponent, int quantum,
                               MagnitudeRounding rounding, bool ties_away = false) {
  if (exponent >= quantum) {
    const int shift = exponent - quantum;
    TF_CHECK(shift < 64 && (significand >> (63 - shift)) == 0, "exact shift overflows");
    return significand << shift;
  }
  const int shift = quantum - exponent;
  std::uint64_t kept = 0;
  std::uint64_t rest = significand;  // the dropped part, in units of 2^exponent
  bool above_half = false, at_half = false;
  if (shift > 64) {
    // rest < 2^64 <= 2^(shift - 1): strictly below half a quantum.
  } else if (shift == 64) {
    above_half = rest > (std::uint64_t{1} << 63);
    at_half = rest == (std::uint64_t{1} << 63);
  } else {
    kept = significand >> shift;
    rest = significand & ((std::uint64_t{1} << shift) - 1);
    const std::uint64_t half = std::uint64_t{1} << (shift - 1);
    above_half = rest > half;
    at_half = rest == half;
  }
  switch (rounding) {
    case MagnitudeRounding::TowardZero:
      return kept;
    case MagnitudeRounding::AwayFromZero:
      return kept + (rest != 0 ? 1 : 0);
    case MagnitudeRounding::NearestEven:
      return kept + ((above_half || (at_half && ((kept & 1) != 0 || ties_away))) ? 1 : 0);
  }
  TF_UNREACHABLE("unknown MagnitudeRounding");
}

}  // namespace

ExactValue unpack_f64(double x) { return unpack_ieee(std::bit_cast<std::uint64_t>(x), 11, 52); }

ExactValue unpack_f32(float x) { return unpack_ieee(std::bit_cast<std::uint32_t>(x), 8, 23); }

FloatFormat FloatFormat::of(DType dtype) {
  TF_CHECK(dtype.valid() && dtype.is_simple() && dtype.is_float(),
           "FloatFormat::of needs a simple float dtype, got {}",
           dtype.valid() ? dtype.name() : "<invalid>");
  const SimpleDTypeInfo& s = dtype.simple();
  FloatFormat f;
  f.bit_width = s.bit_width();
  f.exponent_bits = s.exponent_bits();
  f.mantissa_bits = s.mantissa_bits();
  f.bias = (1 << (f.exponent_bits - 1)) - 1;
  f.has_sign = s.is_signed();
  f.specials = s.specials();
  f.min_normal_exponent = 1 - f.bias;
  const std::uint64_t all_ones_exponent = (std::uint64_t{1} << f.exponent_bits) - 1;
  const std::uint64_t all_ones_mantissa = (std::uint64_t{1} << f.mantissa_bits) - 1;
  switch (f.specials) {
    case SpecialEncoding::Ieee:
      f.max_biased_exponent = all_ones_exponent - 1;
      f.max_mantissa = all_ones_mantissa;
      break;
    case SpecialEncoding::FiniteNanAllOnes:
      f.max_biased_exponent = all_ones_exponent;
      f.max_mantissa = all_ones_mantissa - 1;
      break;
    case SpecialEncoding::UnsignedNanAllOnes:
      TF_CHECK(f.mantissa_bits == 0 && !f.has_sign, "unsigned NaN-all-ones needs E8M0 shape");
      f.has_subnormals = false;
      f.min_normal_exponent = -f.bias;  // code 0x00 is 2^-bias
      f.max_biased_exponent = all_ones_exponent - 1;
      f.max_mantissa = 0;
      break;
    case SpecialEncoding::FiniteOnly:
      f.max_biased_exponent = all_ones_exponent;
      f.max_mantissa = all_ones_mantissa;
      break;
    case SpecialEncoding::None:
      TF_UNREACHABLE("a float dtype without a special-encoding kind");
  }
  return f;
}

FloatFormat FloatFormat::binary64() {
  FloatFormat f;
  f.bit_width = 64;
  f.exponent_bits = 11;
  f.mantissa_bits = 52;
  f.bias = 1023;
  f.min_normal_exponent = -1022;
  f.max_biased_exponent = 2046;
  f.max_mantissa = (std::uint64_t{1} << 52) - 1;
  return f;
}

std::uint64_t FloatFormat::inf_magnitude() const {
  TF_CHECK(specials == SpecialEncoding::Ieee, "only IEEE-style formats have infinities");
  return ((std::uint64_t{1} << exponent_bits) - 1) << mantissa_bits;
}

bool FloatFormat::is_nan(std::uint64_t code) const {
  const std::uint64_t magnitude = code & magnitude_mask();
  switch (specials) {
    case SpecialEncoding::Ieee:
      return magnitude > inf_magnitude();
    case SpecialEncoding::FiniteNanAllOnes:
    case SpecialEncoding::UnsignedNanAllOnes:
      return magnitude == magnitude_mask();
    case SpecialEncoding::FiniteOnly:
    case SpecialEncoding::None:
      return false;
  }
  TF_UNREACHABLE("unknown SpecialEncoding");
}

RoundedMagnitude round_magnitude(std::uint64_t significand, int exponent,
                                 const FloatFormat& format, MagnitudeRounding rounding) {
  TF_CHECK(significand != 0, "round_magnitude of zero");
  const int p = format.mantissa_bits;
  const int top = exponent + (63 - std::countl_zero(significand));  // floor(log2 |value|)
  int quantum = std::max(top, format.min_normal_exponent) - p;
  // The planted bug (ir/support/plant.h): ties of an fp8 encode round away from zero.
  const bool ties_away = TF_PLANTED(fp8_rne_tie) && format.bit_width == 8 && format.mantissa_bits > 0;
  std::uint64_t r = round_to_quantum(significand, exponent, quantum, rounding, ties_away);
  if (r == 0) return {};
  const std::uint64_t hidden = std::uint64_t{1} << p;
  if (r == hidden << 1) {  // rounding carried into the next binade
    r = hidden;
    ++quantum;
  }
  if (r < hidden) {  // subnormal: quantum is the format's smallest
    TF_CHECK(format.has_subnormals, "a format without subnormals produced one");
    return {false, r};
  }
  const long long biased = static_cast<long long>(quantum) + p + format.bias;
  TF_CHECK(biased >= 0, "negative biased exponent {}", biased);
  const std::uint64_t mantissa = r - hidden;
  const auto max_biased = static_cast<long long>(format.max_biased_exponent);
  if (biased > max_biased || (biased == max_biased && mantissa > format.max_mantissa))
    return {true, 0};
  return {false, (static_cast<std::uint64_t>(biased) << p) | mantissa};
}

ExactValue unpack_code(std::uint64_t code, const FloatFormat& format) {
  code &= format.bit_width == 64 ? ~std::uint64_t{0}
                                 : (std::uint64_t{1} << format.bit_width) - 1;
  ExactValue v;
  v.negative = (code & format.sign_bit()) != 0;
  if (format.is_nan(code)) {
    v.cls = ValueClass::NaN;
    return v;
  }
  const std::uint64_t magnitude = code & format.magnitude_mask();
  if (format.specials == SpecialEncoding::Ieee && magnitude == format.inf_magnitude()) {
    v.cls = ValueClass::Inf;
    return v;
  }
  const int p = format.mantissa_bits;
  const std::uint64_t biased = magnitude >> p;
  const std::uint64_t mantissa = magnitude & ((std::uint64_t{1} << p) - 1);
  if (!format.has_subnormals) {  // E8M0: every code is 2^(biased - bias)
    v.cls = ValueClass::Finite;
    v.significand = 1;
    v.exponent = static_cast<int>(biased) - format.bias;
    return v;
  }
  if (magnitude == 0) return v;  // +-0
  v.cls = ValueClass::Finite;
  if (biased == 0) {
    v.significand = mantissa;
    v.exponent = format.min_normal_exponent - p;
  } else {
    v.significand = mantissa | (std::uint64_t{1} << p);
    v.exponent = static_cast<int>(biased) - format.bias - p;
  }
  return v;
}

}  // namespace tf::numerics
