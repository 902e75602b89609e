// Host-mode calls into cuda_fp16.h / cuda_bf16.h / cuda_fp8.h / cuda_fp6.h / cuda_fp4.h.
// g++ needs no extra defines: without __CUDACC__ the headers compile their host (emulation)
// branches and need neither cuda_runtime.h nor cudart.
#include "ir/numerics/cuda_host/header_conversions.h"

#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_fp4.h>
#include <cuda_fp6.h>
#include <cuda_fp8.h>

#include <array>

namespace tf::numerics::cuda_host {
namespace {

// NaN classes, from the format definitions (docs/numerics.md "Element formats").
bool nan_e4m3(std::uint64_t c) {
  return (c & 0x7F) == 0x7F;
}
bool nan_e5m2(std::uint64_t c) {
  return (c & 0x7F) > 0x7C;
}
bool nan_e8m0(std::uint64_t c) {
  return c == 0xFF;
}
bool nan_f16(std::uint64_t c) {
  return (c & 0x7FFF) > 0x7C00;
}
bool nan_bf16(std::uint64_t c) {
  return (c & 0x7FFF) > 0x7F80;
}
bool nan_none(std::uint64_t) {
  return false;
}

template <__nv_saturation_t Sat, __nv_fp8_interpretation_t Kind>
std::uint64_t fp8_f32(float x) {
  return __nv_cvt_float_to_fp8(x, Sat, Kind);
}
template <__nv_saturation_t Sat, __nv_fp8_interpretation_t Kind>
std::uint64_t fp8_f64(double x) {
  return __nv_cvt_double_to_fp8(x, Sat, Kind);
}

template <__nv_saturation_t Sat, cudaRoundMode Mode>
std::uint64_t e8m0_f32(float x) {
  return __nv_cvt_float_to_e8m0(x, Sat, Mode);
}
template <__nv_saturation_t Sat, cudaRoundMode Mode>
std::uint64_t e8m0_f64(double x) {
  return __nv_cvt_double_to_e8m0(x, Sat, Mode);
}

template <__nv_fp6_interpretation_t Kind, cudaRoundMode Mode>
std::uint64_t fp6_f32(float x) {
  return __nv_cvt_float_to_fp6(x, Kind, Mode);
}
template <__nv_fp6_interpretation_t Kind, cudaRoundMode Mode>
std::uint64_t fp6_f64(double x) {
  return __nv_cvt_double_to_fp6(x, Kind, Mode);
}

template <cudaRoundMode Mode>
std::uint64_t fp4_f32(float x) {
  return __nv_cvt_float_to_fp4(x, __NV_E2M1, Mode);
}
template <cudaRoundMode Mode>
std::uint64_t fp4_f64(double x) {
  return __nv_cvt_double_to_fp4(x, __NV_E2M1, Mode);
}

std::uint64_t bf16_f32(float x) {
  return __nv_bfloat16_raw(__float2bfloat16(x)).x;
}
std::uint64_t bf16_f64(double x) {
  return __nv_bfloat16_raw(__double2bfloat16(x)).x;
}
std::uint64_t f16_f32(float x) {
  return __half_raw(__float2half(x)).x;
}
std::uint64_t f16_f64(double x) {
  return __half_raw(__double2half(x)).x;
}

float from_half(__half_raw h) {
  return __half2float(__half(h));
}

template <__nv_fp8_interpretation_t Kind>
float fp8_dec(std::uint32_t c) {
  return from_half(__nv_cvt_fp8_to_halfraw(static_cast<__nv_fp8_storage_t>(c), Kind));
}
template <__nv_fp6_interpretation_t Kind>
float fp6_dec(std::uint32_t c) {
  return from_half(__nv_cvt_fp6_to_halfraw(static_cast<__nv_fp6_storage_t>(c), Kind));
}
float fp4_dec(std::uint32_t c) {
  return from_half(__nv_cvt_fp4_to_halfraw(static_cast<__nv_fp4_storage_t>(c), __NV_E2M1));
}
float e8m0_dec(std::uint32_t c) {
  return __bfloat162float(
      __nv_bfloat16(__nv_cvt_e8m0_to_bf16raw(static_cast<__nv_fp8_storage_t>(c))));
}
float f16_dec(std::uint32_t c) {
  __half_raw h;
  h.x = static_cast<unsigned short>(c);
  return from_half(h);
}
float bf16_dec(std::uint32_t c) {
  __nv_bfloat16_raw b;
  b.x = static_cast<unsigned short>(c);
  return __bfloat162float(__nv_bfloat16(b));
}

constexpr CastMode kRnSat{Rounding::NearestEven, true};
constexpr CastMode kRnNoSat{Rounding::NearestEven, false};
constexpr CastMode kRzSat{Rounding::TowardZero, true};
constexpr CastMode kRzNoSat{Rounding::TowardZero, false};
constexpr CastMode kRpSat{Rounding::TowardPosInf, true};
constexpr CastMode kRpNoSat{Rounding::TowardPosInf, false};

}  // namespace

std::span<const EncodeCase> encode_cases() {
  static const std::array<EncodeCase, 16> kCases = {{
      {"fp8e4m3 __NV_SATFINITE", DType::fp8e4m3(), kRnSat, fp8_f32<__NV_SATFINITE, __NV_E4M3>,
       fp8_f64<__NV_SATFINITE, __NV_E4M3>, nan_e4m3},
      {"fp8e4m3 __NV_NOSAT", DType::fp8e4m3(), kRnNoSat, fp8_f32<__NV_NOSAT, __NV_E4M3>,
       fp8_f64<__NV_NOSAT, __NV_E4M3>, nan_e4m3},
      {"fp8e5m2 __NV_SATFINITE", DType::fp8e5m2(), kRnSat, fp8_f32<__NV_SATFINITE, __NV_E5M2>,
       fp8_f64<__NV_SATFINITE, __NV_E5M2>, nan_e5m2},
      {"fp8e5m2 __NV_NOSAT", DType::fp8e5m2(), kRnNoSat, fp8_f32<__NV_NOSAT, __NV_E5M2>,
       fp8_f64<__NV_NOSAT, __NV_E5M2>, nan_e5m2},
      {"f8e8m0 cudaRoundZero __NV_SATFINITE", DType::f8e8m0(), kRzSat,
       e8m0_f32<__NV_SATFINITE, cudaRoundZero>, e8m0_f64<__NV_SATFINITE, cudaRoundZero>, nan_e8m0},
      {"f8e8m0 cudaRoundZero __NV_NOSAT", DType::f8e8m0(), kRzNoSat,
       e8m0_f32<__NV_NOSAT, cudaRoundZero>, e8m0_f64<__NV_NOSAT, cudaRoundZero>, nan_e8m0},
      {"f8e8m0 cudaRoundPosInf __NV_SATFINITE", DType::f8e8m0(), kRpSat,
       e8m0_f32<__NV_SATFINITE, cudaRoundPosInf>, e8m0_f64<__NV_SATFINITE, cudaRoundPosInf>,
       nan_e8m0},
      {"f8e8m0 cudaRoundPosInf __NV_NOSAT", DType::f8e8m0(), kRpNoSat,
       e8m0_f32<__NV_NOSAT, cudaRoundPosInf>, e8m0_f64<__NV_NOSAT, cudaRoundPosInf>, nan_e8m0},
      {"f6e2m3 cudaRoundNearest", DType::f6e2m3(), kRnSat, fp6_f32<__NV_E2M3, cudaRoundNearest>,
       fp6_f64<__NV_E2M3, cudaRoundNearest>, nan_none},
      {"f6e2m3 cudaRoundZero", DType::f6e2m3(), kRzSat, fp6_f32<__NV_E2M3, cudaRoundZero>,
       fp6_f64<__NV_E2M3, cudaRoundZero>, nan_none},
      {"f6e3m2 cudaRoundNearest", DType::f6e3m2(), kRnSat, fp6_f32<__NV_E3M2, cudaRoundNearest>,
       fp6_f64<__NV_E3M2, cudaRoundNearest>, nan_none},
      {"f6e3m2 cudaRoundZero", DType::f6e3m2(), kRzSat, fp6_f32<__NV_E3M2, cudaRoundZero>,
       fp6_f64<__NV_E3M2, cudaRoundZero>, nan_none},
      {"f4e2m1 cudaRoundNearest", DType::f4e2m1(), kRnSat, fp4_f32<cudaRoundNearest>,
       fp4_f64<cudaRoundNearest>, nan_none},
      {"f4e2m1 cudaRoundZero", DType::f4e2m1(), kRzSat, fp4_f32<cudaRoundZero>,
       fp4_f64<cudaRoundZero>, nan_none},
      {"bf16 __float2bfloat16 / __double2bfloat16", DType::bf16(), kRnNoSat, bf16_f32, bf16_f64,
       nan_bf16},
      {"f16 __float2half / __double2half", DType::f16(), kRnNoSat, f16_f32, f16_f64, nan_f16},
  }};
  return kCases;
}

std::span<const DecodeCase> decode_cases() {
  static const std::array<DecodeCase, 8> kCases = {{
      {"fp8e4m3 __nv_cvt_fp8_to_halfraw", DType::fp8e4m3(), 256, fp8_dec<__NV_E4M3>},
      {"fp8e5m2 __nv_cvt_fp8_to_halfraw", DType::fp8e5m2(), 256, fp8_dec<__NV_E5M2>},
      {"f8e8m0 __nv_cvt_e8m0_to_bf16raw", DType::f8e8m0(), 256, e8m0_dec},
      {"f6e2m3 __nv_cvt_fp6_to_halfraw", DType::f6e2m3(), 64, fp6_dec<__NV_E2M3>},
      {"f6e3m2 __nv_cvt_fp6_to_halfraw", DType::f6e3m2(), 64, fp6_dec<__NV_E3M2>},
      {"f4e2m1 __nv_cvt_fp4_to_halfraw", DType::f4e2m1(), 16, fp4_dec},
      {"f16 __half2float", DType::f16(), 65536, f16_dec},
      {"bf16 __bfloat162float", DType::bf16(), 65536, bf16_dec},
  }};
  return kCases;
}

}  // namespace tf::numerics::cuda_host
