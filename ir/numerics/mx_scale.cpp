#include "ir/numerics/mx_scale.h"

#include <algorithm>
#include <bit>
#include <cmath>

#include "ir/numerics/cast_mode.h"
#include "ir/numerics/convert.h"
#include "ir/support/check.h"

namespace tf::numerics::mx {
namespace {

constexpr CastMode kElementMode{Rounding::NearestEven, /*saturate=*/true};
constexpr int kMxint8FractionBits = 6;  // an MXINT8 code k means k * 2^-6
constexpr double kMxint8Max = 127.0;    // symmetric clamp: -128 is never produced

/// E8M0 code of the exact, finite, non-negative `x` under `rounding`, saturating (0 and values
/// below 2^-127 give 0x00, values above 2^127 give 0xFE).
std::uint8_t e8m0_code(double x, Rounding rounding) {
  const std::uint64_t code = encode_f64(x, DType::f8e8m0(), CastMode{rounding, /*saturate=*/true});
  TF_CHECK(code <= 0xFE, "the finite {} became the E8M0 NaN (code {:#x})", x, code);
  return static_cast<std::uint8_t>(code);
}

/// E8M0 code of 2^exp; exact in double for every exponent the callers pass (-164 .. 128).
std::uint8_t e8m0_of_power(int exp, Rounding rounding) {
  TF_CHECK(exp >= -1000 && exp <= 1000, "E8M0 exponent {} out of double range", exp);
  return e8m0_code(std::ldexp(1.0, exp), rounding);
}

/// Round-half-even of a finite |y| < 2^52 to an integer, independent of the FPU rounding mode:
/// trunc and the subtraction below are exact.
double round_half_even(double y) {
  const double t = std::trunc(y);
  const double frac = std::fabs(y - t);
  const double away = std::signbit(y) ? -1.0 : 1.0;
  if (frac > 0.5) return t + away;
  if (frac == 0.5 && std::fmod(t, 2.0) != 0.0) return t + away;
  return t;
}

std::uint8_t encode_mxint8(double y) {
  if (std::isnan(y)) return 0;
  double k;
  if (y >= kMxint8Max) {
    k = kMxint8Max;
  } else if (y <= -kMxint8Max) {
    k = -kMxint8Max;
  } else {
    k = round_half_even(y);  // |y| < 127, so |k| <= 127
  }
  return static_cast<std::uint8_t>(static_cast<std::int8_t>(static_cast<int>(k)));
}

}  // namespace

bool is_mx_element(DType element) {
  return element == DType::fp8e4m3() || element == DType::fp8e5m2() ||
         element == DType::f6e3m2() || element == DType::f6e2m3() ||
         element == DType::f4e2m1() || element == DType::i8();
}

int element_emax(DType element) {
  if (element == DType::fp8e4m3()) return 8;
  if (element == DType::fp8e5m2()) return 15;
  if (element == DType::f6e3m2()) return 4;
  if (element == DType::f6e2m3()) return 2;
  if (element == DType::f4e2m1()) return 2;
  if (element == DType::i8()) return 0;
  TF_UNREACHABLE("element_emax of a non-MX element dtype");
}

double element_max(DType element) {
  if (element == DType::fp8e4m3()) return 448.0;
  if (element == DType::fp8e5m2()) return 57344.0;
  if (element == DType::f6e3m2()) return 28.0;
  if (element == DType::f6e2m3()) return 7.5;
  if (element == DType::f4e2m1()) return 6.0;
  if (element == DType::i8()) return kMxint8Max / 64.0;
  TF_UNREACHABLE("element_max of a non-MX element dtype");
}

int floor_log2(float x) {
  TF_CHECK(std::isfinite(x) && x != 0.0f, "floor_log2 needs a finite non-zero value");
  const std::uint32_t bits = std::bit_cast<std::uint32_t>(x) & 0x7FFFFFFFu;
  const int biased = static_cast<int>(bits >> 23);
  if (biased != 0) return biased - 127;
  // Subnormal: x = m * 2^-149 with 0 < m < 2^23.
  return static_cast<int>(std::bit_width(bits)) - 1 - 149;
}

std::uint8_t ocp_scale_code(float amax, DType element) {
  TF_CHECK(std::isfinite(amax) && amax >= 0.0f, "ocp_scale_code needs a finite amax >= 0");
  if (amax == 0.0f) return e8m0_code(0.0, Rounding::TowardZero);
  return e8m0_of_power(floor_log2(amax) - element_emax(element), Rounding::TowardZero);
}

std::uint8_t rceil_scale_code(float amax, DType element) {
  TF_CHECK(std::isfinite(amax) && amax >= 0.0f, "rceil_scale_code needs a finite amax >= 0");
  if (amax == 0.0f) return e8m0_code(0.0, Rounding::TowardPosInf);
  // With a = floor(log2 amax) and m = floor(log2 max_elem), amax / max_elem lies in
  // (2^(a-m-1), 2^(a-m+1)), so ceil(log2(amax / max_elem)) is a-m or a-m+1. Both comparisons
  // are exact: max_elem * 2^e has at most 7 significant bits.
  const double max_elem = element_max(element);
  const int e = floor_log2(amax) - floor_log2(static_cast<float>(max_elem));
  const int ceil_exp = static_cast<double>(amax) <= std::ldexp(max_elem, e) ? e : e + 1;
  return e8m0_of_power(ceil_exp, Rounding::TowardPosInf);
}

std::uint8_t encode_element(float v, int scale_exp, DType element) {
  TF_CHECK(scale_exp >= -127 && scale_exp <= 127, "MX scale exponent {} out of range", scale_exp);
  if (element == DType::i8())
    return encode_mxint8(std::ldexp(static_cast<double>(v), kMxint8FractionBits - scale_exp));
  TF_CHECK(is_mx_element(element), "encode_element of a non-MX element dtype");
  // Exact: an f32 value times 2^k for |k| <= 127 stays inside the normal double range.
  const double scaled = std::ldexp(static_cast<double>(v), -scale_exp);
  return static_cast<std::uint8_t>(encode_f64(scaled, element, kElementMode));
}

std::uint8_t quantize_block(std::span<const float> block, DType element, ScaleMethod method,
                            std::span<std::uint8_t> codes) {
  TF_CHECK(method == ScaleMethod::Ocp || method == ScaleMethod::Rceil,
           "quantize_block of the non-MX method {}", scale_method_name(method));
  TF_CHECK(codes.size() >= block.size(), "code span shorter than the block ({} < {})",
           codes.size(), block.size());
  bool finite = true;
  float amax = 0.0f;
  for (float v : block) {
    if (!std::isfinite(v)) finite = false;
    else amax = std::max(amax, std::fabs(v));
  }
  std::uint8_t scale;
  int scale_exp = 0;  // a NaN block encodes its elements as if the scale were 2^0
  if (!finite) {
    const auto nan_scale = canonical_nan_code(DType::f8e8m0());
    TF_CHECK(nan_scale.has_value(), "f8e8m0 has a NaN code");
    scale = static_cast<std::uint8_t>(*nan_scale);
  } else {
    scale = method == ScaleMethod::Ocp ? ocp_scale_code(amax, element)
                                       : rceil_scale_code(amax, element);
    scale_exp = static_cast<int>(scale) - 127;
  }
  for (std::size_t i = 0; i < block.size(); ++i)
    codes[i] = encode_element(block[i], scale_exp, element);
  return scale;
}

double decode_element(std::uint8_t code, DType element) {
  if (element == DType::i8())
    return std::ldexp(decode_f64(code, DType::i8()), -kMxint8FractionBits);
  TF_CHECK(is_mx_element(element), "decode_element of a non-MX element dtype");
  return decode_f64(code, element);
}

}  // namespace tf::numerics::mx
