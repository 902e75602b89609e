#include "ir/numerics/nvfp4_scale.h"

#include <algorithm>
#include <cfloat>
#include <cmath>

#include "ir/numerics/cast_mode.h"
#include "ir/numerics/convert.h"
#include "ir/support/check.h"

namespace tf::numerics::nvfp4 {
namespace {

constexpr float kE4m3Max = 448.0f;
constexpr float kE2m1Max = 6.0f;
constexpr float kInvE2m1Max = 1.0f / kE2m1Max;  // fl(1/6), as TE's constant
constexpr CastMode kRnSat{Rounding::NearestEven, /*saturate=*/true};

std::uint8_t e4m3_code(float x) {
  return static_cast<std::uint8_t>(encode_f32(x, DType::fp8e4m3(), kRnSat));
}
std::uint8_t e2m1_code(float x) {
  return static_cast<std::uint8_t>(encode_f32(x, DType::f4e2m1(), kRnSat));
}

}  // namespace

float encode_scale(float gamax) {
  TF_CHECK(std::isfinite(gamax) && gamax >= 0.0f, "NVFP4 needs a finite tensor amax >= 0");
  float s_enc = (kE4m3Max * kE2m1Max) / gamax;  // gamax == 0: +Inf, replaced below
  s_enc = std::min(s_enc, FLT_MAX);
  if (gamax == 0.0f || s_enc == 0.0f) s_enc = 1.0f;
  return s_enc;
}

std::uint8_t quantize_block(std::span<const float> values, float s_enc,
                            std::span<std::uint8_t> codes) {
  TF_CHECK(codes.size() == values.size(), "one E2M1 code per value");
  bool finite = true;
  float bamax = 0.0f;
  for (float x : values) {
    if (!std::isfinite(x)) finite = false;
    else bamax = std::max(bamax, std::fabs(x));
  }
  if (!finite) {
    for (std::size_t i = 0; i < values.size(); ++i) codes[i] = e2m1_code(values[i]);
    const auto nan = canonical_nan_code(DType::fp8e4m3());
    TF_CHECK(nan.has_value(), "fp8e4m3 has a NaN code");
    return static_cast<std::uint8_t>(*nan);
  }
  const float s_dec_b = bamax * (s_enc * kInvE2m1Max);
  const std::uint8_t scale = e4m3_code(s_dec_b);
  const float s_global = 1.0f / s_enc;
  const float mult = std::min(1.0f / (decode_f32(scale, DType::fp8e4m3()) * s_global), FLT_MAX);
  for (std::size_t i = 0; i < values.size(); ++i) codes[i] = e2m1_code(values[i] * mult);
  return scale;
}

}  // namespace tf::numerics::nvfp4
