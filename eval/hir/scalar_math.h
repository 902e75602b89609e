// The scalar value rules of the elementwise family: what one element of each kind computes.
//
// Design note. Float kinds compute in f32 (docs/decisions.md D6). The IEEE-exact operations
// (+ - * /, comparisons, neg, abs, square, ceil, round, max / min, clamp) are computed in f32
// directly.
// The functions IEEE does not round exactly (pow, rsqrt, exp, log, exp2, log2, sigmoid, tanh,
// gelu, silu, softplus) are evaluated in f64 from the exact f32 operand and rounded once to
// f32: the result is the f32 nearest the true value except when that value lies within the f64
// evaluation error of an f32 rounding boundary, so it is deterministic, independent of any
// f32 libm, and at least as accurate as torch's f32 kernels. A result dtype narrower than f32
// then rounds that f32 value once (elementwise.h F32Result), so op(x) in bf16 equals
// cast(op(cast(x, f32)), bf16).
// Integer kinds compute in int64 with two's-complement wrap-around (unsigned arithmetic, never
// signed overflow); the result dtype's width wraps again (I64Result).
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>

namespace tf::eval {

/// IEEE 754-2019 maximum (T float or double): NaN when either operand is NaN, +0 above -0.
template <typename T>
T nan_max(T a, T b) {
  if (std::isnan(a) || std::isnan(b)) return std::numeric_limits<T>::quiet_NaN();
  if (a == b) return std::signbit(a) ? b : a;
  return a > b ? a : b;
}

/// IEEE 754-2019 minimum: NaN when either operand is NaN, -0 below +0.
template <typename T>
T nan_min(T a, T b) {
  if (std::isnan(a) || std::isnan(b)) return std::numeric_limits<T>::quiet_NaN();
  if (a == b) return std::signbit(a) ? a : b;
  return a < b ? a : b;
}

/// Round half to even, independent of the FPU rounding mode; the sign of a zero result is the
/// operand's (round(-0.5) = -0); inf and NaN unchanged.
inline float round_half_even(float x) {
  float t = std::round(x);  // half away from zero; exact and mode-independent
  // |t - x| is exact (Sterbenz, or t == 0); a tie rounded away to an odd t steps back.
  if (std::fabs(t - x) == 0.5f && std::fmod(t, 2.0f) != 0.0f) t -= std::copysign(1.0f, x);
  return std::copysign(t, x);
}

/// max(x, 0) as torch's clamp_min: NaN stays NaN and -0 stays -0.
inline float relu_f32(float x) {
  return x < 0.0f ? 0.0f : x;
}

/// The f32 value of an f64 evaluation (one round-to-nearest-even).
inline float f32_of(double v) {
  return static_cast<float>(v);
}

/// 1 / sqrt(x): rsqrt(+0) = +inf, rsqrt(-0) = -inf, negative gives NaN.
inline float rsqrt_f32(float x) {
  return f32_of(1.0 / std::sqrt(static_cast<double>(x)));
}

/// e^x, log x, 2^x, log2 x, x^y evaluated in f64 and rounded once (log(0) = -inf, log of a
/// negative is NaN; pow follows C's pow, so pow(x, 0) = 1 and pow(1, y) = 1 even for NaN).
inline float exp_f32(float x) {
  return f32_of(std::exp(static_cast<double>(x)));
}
inline float log_f32(float x) {
  return f32_of(std::log(static_cast<double>(x)));
}
inline float exp2_f32(float x) {
  return f32_of(std::exp2(static_cast<double>(x)));
}
inline float log2_f32(float x) {
  return f32_of(std::log2(static_cast<double>(x)));
}
inline float pow_f32(float x, float y) {
  return f32_of(std::pow(static_cast<double>(x), static_cast<double>(y)));
}

/// 1 / (1 + e^-x).
inline double sigmoid_f64(double x) {
  return 1.0 / (1.0 + std::exp(-x));
}

/// torch's gelu(approximate="tanh"): 0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3))).
inline double gelu_tanh_f64(double x) {
  constexpr double kBeta = 0.79788456080286535587989211986876;  // sqrt(2 / pi)
  return 0.5 * x * (1.0 + std::tanh(kBeta * (x + 0.044715 * x * x * x)));
}

/// torch's gelu(approximate="none"): 0.5 x (1 + erf(x / sqrt(2))).
inline double gelu_erf_f64(double x) {
  constexpr double kInvSqrt2 = 0.70710678118654752440084436210485;
  return 0.5 * x * (1.0 + std::erf(x * kInvSqrt2));
}

/// x / (1 + e^-x), fused (no intermediate rounding).
inline double silu_f64(double x) {
  return x / (1.0 + std::exp(-x));
}

/// torch's softplus with beta 1, threshold 20: x itself when x > 20, else log(1 + e^x).
inline float softplus_f32(float x) {
  if (x > 20.0f) return x;
  return f32_of(std::log1p(std::exp(static_cast<double>(x))));
}

/// a + b, a - b, a * b, -a with int64 two's-complement wrap-around.
inline std::int64_t wrap_add(std::int64_t a, std::int64_t b) {
  return static_cast<std::int64_t>(static_cast<std::uint64_t>(a) + static_cast<std::uint64_t>(b));
}
inline std::int64_t wrap_sub(std::int64_t a, std::int64_t b) {
  return static_cast<std::int64_t>(static_cast<std::uint64_t>(a) - static_cast<std::uint64_t>(b));
}
inline std::int64_t wrap_mul(std::int64_t a, std::int64_t b) {
  return static_cast<std::int64_t>(static_cast<std::uint64_t>(a) * static_cast<std::uint64_t>(b));
}
inline std::int64_t wrap_neg(std::int64_t a) {
  return static_cast<std::int64_t>(0 - static_cast<std::uint64_t>(a));
}

/// Python's a // b (rounds toward -inf). Precondition: b != 0. INT64_MIN // -1 wraps to
/// INT64_MIN.
inline std::int64_t floor_div_i64(std::int64_t a, std::int64_t b) {
  if (b == -1) return wrap_neg(a);
  std::int64_t q = a / b;
  if (a % b != 0 && ((a < 0) != (b < 0))) --q;
  return q;
}

/// Python's a % b: the remainder has the divisor's sign (a == b * (a // b) + a % b).
/// Precondition: b != 0.
inline std::int64_t floor_mod_i64(std::int64_t a, std::int64_t b) {
  if (b == -1) return 0;
  std::int64_t r = a % b;
  if (r != 0 && ((r < 0) != (b < 0))) r += b;
  return r;
}

/// base ** exp for exp >= 0 by repeated squaring, wrapping (0 ** 0 = 1). For exp < 0 the
/// truncated real value: 1 for base 1, +-1 for base -1, 0 for |base| >= 2. Precondition: not
/// (base == 0 and exp < 0).
inline std::int64_t pow_i64(std::int64_t base, std::int64_t exp) {
  if (exp < 0) {
    if (base == 1) return 1;
    if (base == -1) return (exp & 1) != 0 ? -1 : 1;
    return 0;
  }
  std::uint64_t result = 1;
  std::uint64_t b = static_cast<std::uint64_t>(base);
  for (std::uint64_t e = static_cast<std::uint64_t>(exp); e != 0; e >>= 1) {
    if ((e & 1) != 0) result *= b;
    b *= b;
  }
  return static_cast<std::int64_t>(result);
}

}  // namespace tf::eval
