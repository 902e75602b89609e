// Conversions in an explicit mode: a TIR cast `unary(src, dst, kind=cast, rounding=.., saturate=..)`
// (docs/numerics.md, the table of modes). Each goes through the CUDA headers' conversion with the
// mode as its argument where the header takes one: fp8 saturation (__NV_SATFINITE / __NV_NOSAT),
// e8m0 rounding and saturation (cudaRoundZero / cudaRoundPosInf), fp6 and fp4 rounding
// (cudaRoundNearest / cudaRoundZero). f32, f16 and bf16 offer saturation only: the header's round
// to nearest, an infinite result then clamped to the largest finite value of its sign, what PTX
// `cvt.rn.satfinite` gives (NaN stays NaN). A half left Default is the destination's default
// mode; a mode the destination does not offer never reaches here (the TIR verifier refuses it).
#pragma once

#include "cuda/runtime/dtypes.h"

namespace tf_rt {

/// A cast's rounding: the destination's default, or the one named.
enum class Rounding { Default, Nearest, Zero, Up };
/// A cast's saturation: the destination's default, or the one named.
enum class Saturate { Default, No, Yes };

/// The destination's value of a computed value in mode (R, S); integers and bool have one mode.
template <typename D, Rounding R, Saturate S>
struct NarrowIn : Narrow<D> {};

/// The largest finite value of f32, f16 and bf16.
template <typename D> struct LargestFinite;
template <> struct LargestFinite<float> { TF_DEV static float value() { return 3.40282347e38f; } };
template <> struct LargestFinite<f16> { TF_DEV static float value() { return 65504.0f; } };
template <> struct LargestFinite<bf16> { TF_DEV static float value() { return 0x1.fep127f; } };

/// f32, f16, bf16: round to nearest even; with S == Yes an infinite result becomes the largest
/// finite value of its sign.
template <typename D, Saturate S>
struct NarrowSaturating {
  template <typename V>
  TF_DEV static D from(V x) {
    const D r = Narrow<D>::from(x);
    if (S != Saturate::Yes) return r;
    const float v = widen(r);
    if (v != INFINITY && v != -INFINITY) return r;
    return Narrow<D>::from(v < 0 ? -LargestFinite<D>::value() : LargestFinite<D>::value());
  }
};
template <Rounding R, Saturate S> struct NarrowIn<float, R, S> : NarrowSaturating<float, S> {};
template <Rounding R, Saturate S> struct NarrowIn<f16, R, S> : NarrowSaturating<f16, S> {};
template <Rounding R, Saturate S> struct NarrowIn<bf16, R, S> : NarrowSaturating<bf16, S> {};

/// The headers' saturation argument: __NV_NOSAT for No, __NV_SATFINITE for Yes and Default.
constexpr __nv_saturation_t header_saturation(Saturate s) { return s == Saturate::No ? __NV_NOSAT : __NV_SATFINITE; }
/// The headers' rounding argument where Default is `fallback`: Zero truncates, Up rounds up.
constexpr cudaRoundMode header_rounding(Rounding r, cudaRoundMode fallback) {
  return r == Rounding::Zero ? cudaRoundZero : r == Rounding::Up ? cudaRoundPosInf : r == Rounding::Nearest ? cudaRoundNearest : fallback;
}

/// fp8 E4M3 / E5M2: round to nearest even; Default and Yes saturate, No overflows to NaN / Inf.
template <__nv_fp8_interpretation_t Kind, Saturate S>
struct Fp8CodesIn {
  static constexpr __nv_saturation_t kSat = header_saturation(S);
  TF_DEV static __nv_fp8_storage_t of(float x) { return __nv_cvt_float_to_fp8(x, kSat, Kind); }
  TF_DEV static __nv_fp8_storage_t of(double x) { return __nv_cvt_double_to_fp8(x, kSat, Kind); }
};
template <Rounding R, Saturate S> struct NarrowIn<e4m3, R, S> : NarrowByCode<e4m3, Fp8CodesIn<__NV_E4M3, S>> {};
template <Rounding R, Saturate S> struct NarrowIn<e5m2, R, S> : NarrowByCode<e5m2, Fp8CodesIn<__NV_E5M2, S>> {};

/// E8M0: Default and Up round up, Zero truncates; Default and Yes saturate.
template <Rounding R, Saturate S>
struct E8m0CodesIn {
  static constexpr __nv_saturation_t kSat = header_saturation(S);
  static constexpr cudaRoundMode kRound = header_rounding(R, cudaRoundPosInf);
  TF_DEV static __nv_fp8_storage_t of(float x) { return __nv_cvt_float_to_e8m0(x, kSat, kRound); }
  TF_DEV static __nv_fp8_storage_t of(double x) { return __nv_cvt_double_to_e8m0(x, kSat, kRound); }
};
template <Rounding R, Saturate S> struct NarrowIn<e8m0, R, S> : NarrowByCode<e8m0, E8m0CodesIn<R, S>> {};

/// fp6 and fp4: Default and Nearest round to nearest even, Zero truncates; always saturating.
template <__nv_fp6_interpretation_t Kind, Rounding R>
struct Fp6CodesIn {
  static constexpr cudaRoundMode kRound = header_rounding(R, cudaRoundNearest);
  TF_DEV static __nv_fp6_storage_t of(float x) { return __nv_cvt_float_to_fp6(x, Kind, kRound); }
  TF_DEV static __nv_fp6_storage_t of(double x) { return __nv_cvt_double_to_fp6(x, Kind, kRound); }
};
template <Rounding R>
struct Fp4CodesIn {
  static constexpr cudaRoundMode kRound = header_rounding(R, cudaRoundNearest);
  TF_DEV static __nv_fp4_storage_t of(float x) { return __nv_cvt_float_to_fp4(x, __NV_E2M1, kRound); }
  TF_DEV static __nv_fp4_storage_t of(double x) { return __nv_cvt_double_to_fp4(x, __NV_E2M1, kRound); }
};
template <Rounding R, Saturate S> struct NarrowIn<e2m3, R, S> : NarrowByCode<e2m3, Fp6CodesIn<__NV_E2M3, R>> {};
template <Rounding R, Saturate S> struct NarrowIn<e3m2, R, S> : NarrowByCode<e3m2, Fp6CodesIn<__NV_E3M2, R>> {};
template <Rounding R, Saturate S> struct NarrowIn<e2m1, R, S> : NarrowByCode<e2m1, Fp4CodesIn<R>> {};

}  // namespace tf_rt
