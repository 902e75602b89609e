// Element types of the generated code and their conversions: the CUDA headers' own (cuda_fp16,
// cuda_bf16, cuda_fp8), host and device alike, never the project's numerics (docs/decisions.md
// D9: the backend and the oracle convert independently). Floats compute in f32 (the narrow ones
// widen exactly) and round once to the destination with its default mode: round to nearest
// even, the fp8 formats saturating to their largest finite value; an integer destination takes a
// float toward zero, saturating, NaN to 0; bool is `x != 0`.
#pragma once

#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_fp4.h>
#include <cuda_fp6.h>
#include <cuda_fp8.h>

#include <cmath>
#include <cstdint>
#include <cstring>

#include "cuda/runtime/prim.h"

namespace tf_rt {

using bf16 = __nv_bfloat16;
using f16 = __half;
using e4m3 = __nv_fp8_e4m3;
using e5m2 = __nv_fp8_e5m2;
using e8m0 = __nv_fp8_e8m0;
using e2m3 = __nv_fp6_e2m3;  ///< one byte per element, the code in its low six bits
using e3m2 = __nv_fp6_e3m2;
using e2m1 = __nv_fp4_e2m1;  ///< one byte per element inside a kernel (the host entry unpacks and repacks)
/// bool as one byte, 0 or 1 (the value tensors' own code).
struct boolean {
  unsigned char v;
};

/// What a dtype computes in: floats in f32, integers in int64, bool in bool.
template <typename T>
struct Compute;
template <> struct Compute<float> { using type = float; };
template <> struct Compute<f16> { using type = float; };
template <> struct Compute<bf16> { using type = float; };
template <> struct Compute<e4m3> { using type = float; };
template <> struct Compute<e5m2> { using type = float; };
template <> struct Compute<e8m0> { using type = float; };
template <> struct Compute<e2m3> { using type = float; };
template <> struct Compute<e3m2> { using type = float; };
template <> struct Compute<e2m1> { using type = float; };
template <> struct Compute<std::int8_t> { using type = std::int64_t; };
template <> struct Compute<std::int16_t> { using type = std::int64_t; };
template <> struct Compute<std::int32_t> { using type = std::int64_t; };
template <> struct Compute<std::int64_t> { using type = std::int64_t; };
template <> struct Compute<boolean> { using type = bool; };

TF_DEV float widen(float x) { return x; }
TF_DEV float widen(f16 x) { return __half2float(x); }
TF_DEV float widen(bf16 x) { return __bfloat162float(x); }
TF_DEV float widen(e4m3 x) { return __half2float(__half(__nv_cvt_fp8_to_halfraw(x.__x, __NV_E4M3))); }
TF_DEV float widen(e5m2 x) { return __half2float(__half(__nv_cvt_fp8_to_halfraw(x.__x, __NV_E5M2))); }
TF_DEV float widen(e8m0 x) { return __bfloat162float(__nv_bfloat16(__nv_cvt_e8m0_to_bf16raw(x.__x))); }
TF_DEV float widen(e2m3 x) { return __half2float(__half(__nv_cvt_fp6_to_halfraw(x.__x, __NV_E2M3))); }
TF_DEV float widen(e3m2 x) { return __half2float(__half(__nv_cvt_fp6_to_halfraw(x.__x, __NV_E3M2))); }
TF_DEV float widen(e2m1 x) { return __half2float(__half(__nv_cvt_fp4_to_halfraw(x.__x, __NV_E2M1))); }
TF_DEV std::int64_t widen(std::int8_t x) { return x; }
TF_DEV std::int64_t widen(std::int16_t x) { return x; }
TF_DEV std::int64_t widen(std::int32_t x) { return x; }
TF_DEV std::int64_t widen(std::int64_t x) { return x; }
TF_DEV bool widen(boolean x) { return x.v != 0; }

/// An integer of `bits` from a float: toward zero, saturating, NaN to 0.
TF_DEV std::int64_t float_to_integer(float x, int bits);

/// The double whose IEEE bits are `bits` (float literals are emitted by their bits).
TF_DEV double bits_to_double(std::uint64_t bits) {
  double d;
  memcpy(&d, &bits, sizeof d);
  return d;
}

/// An integer of `bits` from a double: toward zero, saturating, NaN to 0.
TF_DEV std::int64_t double_to_integer(double t, int bits) {
  if (t != t) return 0;
  const double top = bits == 64 ? 9223372036854775808.0 : static_cast<double>(std::int64_t{1} << (bits - 1));
  if (t >= top) return bits == 64 ? INT64_MAX : (std::int64_t{1} << (bits - 1)) - 1;
  if (t < -top) return bits == 64 ? INT64_MIN : -(std::int64_t{1} << (bits - 1));
  return static_cast<std::int64_t>(t);
}

TF_DEV std::int64_t float_to_integer(float x, int bits) { return double_to_integer(static_cast<double>(x), bits); }

/// The destination's value of a computed float, int64 or bool (default modes, above); a double
/// (a literal, an integer through f64) rounds once to the destination.
template <typename T>
struct Narrow;
template <> struct Narrow<float> {
  TF_DEV static float from(float x) { return x; }
  TF_DEV static float from(std::int64_t x) { return static_cast<float>(x); }
  TF_DEV static float from(bool x) { return x ? 1.0f : 0.0f; }
  TF_DEV static float from(double x) { return static_cast<float>(x); }
};
template <> struct Narrow<f16> {
  TF_DEV static f16 from(float x) { return __float2half_rn(x); }
  TF_DEV static f16 from(bool x) { return __float2half_rn(x ? 1.0f : 0.0f); }
  TF_DEV static f16 from(double x) { return __double2half(x); }
  TF_DEV static f16 from(std::int64_t x) { return __ll2half_rn(x); }
};
template <> struct Narrow<bf16> {
  TF_DEV static bf16 from(float x) { return __float2bfloat16_rn(x); }
  TF_DEV static bf16 from(bool x) { return __float2bfloat16_rn(x ? 1.0f : 0.0f); }
  TF_DEV static bf16 from(double x) { return __double2bfloat16(x); }
  TF_DEV static bf16 from(std::int64_t x) { return __ll2bfloat16_rn(x); }
};
/// A narrow float type whose code comes from Codes' float and double conversions (the CUDA
/// headers' own, in the default mode); bool goes through 0 / 1, an integer through f64 (exact
/// below 2^53; anything larger saturates).
template <typename T, typename Codes>
struct NarrowByCode {
  TF_DEV static T from(float x) {
    T r;
    r.__x = Codes::of(x);
    return r;
  }
  TF_DEV static T from(double x) {
    T r;
    r.__x = Codes::of(x);
    return r;
  }
  TF_DEV static T from(bool x) { return from(x ? 1.0f : 0.0f); }
  TF_DEV static T from(std::int64_t x) { return from(static_cast<double>(x)); }
};
/// fp8 E4M3 / E5M2: round to nearest even, saturating to the largest finite value.
template <__nv_fp8_interpretation_t Kind>
struct Fp8Codes {
  TF_DEV static __nv_fp8_storage_t of(float x) { return __nv_cvt_float_to_fp8(x, __NV_SATFINITE, Kind); }
  TF_DEV static __nv_fp8_storage_t of(double x) { return __nv_cvt_double_to_fp8(x, __NV_SATFINITE, Kind); }
};
/// E8M0: rounding up to the next power of two, saturating (the headers' default).
struct E8m0Codes {
  TF_DEV static __nv_fp8_storage_t of(float x) { return __nv_cvt_float_to_e8m0(x, __NV_SATFINITE, cudaRoundPosInf); }
  TF_DEV static __nv_fp8_storage_t of(double x) { return __nv_cvt_double_to_e8m0(x, __NV_SATFINITE, cudaRoundPosInf); }
};
/// fp6 E2M3 / E3M2: round to nearest even, always saturating (NaN to +max).
template <__nv_fp6_interpretation_t Kind>
struct Fp6Codes {
  TF_DEV static __nv_fp6_storage_t of(float x) { return __nv_cvt_float_to_fp6(x, Kind, cudaRoundNearest); }
  TF_DEV static __nv_fp6_storage_t of(double x) { return __nv_cvt_double_to_fp6(x, Kind, cudaRoundNearest); }
};
/// fp4 E2M1: round to nearest even, always saturating (NaN to +6).
struct Fp4Codes {
  TF_DEV static __nv_fp4_storage_t of(float x) { return __nv_cvt_float_to_fp4(x, __NV_E2M1, cudaRoundNearest); }
  TF_DEV static __nv_fp4_storage_t of(double x) { return __nv_cvt_double_to_fp4(x, __NV_E2M1, cudaRoundNearest); }
};
template <> struct Narrow<e4m3> : NarrowByCode<e4m3, Fp8Codes<__NV_E4M3>> {};
template <> struct Narrow<e5m2> : NarrowByCode<e5m2, Fp8Codes<__NV_E5M2>> {};
template <> struct Narrow<e8m0> : NarrowByCode<e8m0, E8m0Codes> {};
template <> struct Narrow<e2m3> : NarrowByCode<e2m3, Fp6Codes<__NV_E2M3>> {};
template <> struct Narrow<e3m2> : NarrowByCode<e3m2, Fp6Codes<__NV_E3M2>> {};
template <> struct Narrow<e2m1> : NarrowByCode<e2m1, Fp4Codes> {};
template <typename I>
struct NarrowInt {
  TF_DEV static I from(float x) { return static_cast<I>(float_to_integer(x, 8 * sizeof(I))); }
  TF_DEV static I from(std::int64_t x) { return static_cast<I>(static_cast<std::uint64_t>(x)); }  // wraps
  TF_DEV static I from(bool x) { return x ? 1 : 0; }
  TF_DEV static I from(double x) { return static_cast<I>(double_to_integer(x, 8 * sizeof(I))); }
};
template <> struct Narrow<std::int8_t> : NarrowInt<std::int8_t> {};
template <> struct Narrow<std::int16_t> : NarrowInt<std::int16_t> {};
template <> struct Narrow<std::int32_t> : NarrowInt<std::int32_t> {};
template <> struct Narrow<std::int64_t> : NarrowInt<std::int64_t> {};
template <> struct Narrow<boolean> {
  TF_DEV static boolean from(float x) { return boolean{static_cast<unsigned char>(x != 0.0f)}; }
  TF_DEV static boolean from(std::int64_t x) { return boolean{static_cast<unsigned char>(x != 0)}; }
  TF_DEV static boolean from(bool x) { return boolean{static_cast<unsigned char>(x)}; }
  TF_DEV static boolean from(double x) { return boolean{static_cast<unsigned char>(x != 0.0)}; }
};

}  // namespace tf_rt
