// Exact conversions between f64 / f32 values and the codes of every simple dtype (D4).
//
// Design note. Every conversion rounds the exact input value (f32 and f64 inputs are exact
// rationals) on the target's grid with an unbounded exponent, then applies the target's
// overflow / NaN policy (docs/numerics.md). It is integer arithmetic on the
// bits: no host float cast, so the result is immune to FTZ/DAZ and to the FPU rounding mode.
// The results equal the CUDA 13 headers' host conversion functions bit for bit, NaN compared
// as a class. NaN inputs produce the target's canonical NaN code (see canonical_nan_code), even
// from an f64 NaN whose sign or payload the CUDA double entry points would keep. The rule table
// (modes, overflow, NaN, -0, E8M0, integers, bool) is docs/numerics.md; the exact model is
// float_format.h.
//
// A code is the dtype's bit pattern in the low bit_width bits of a uint64_t (f32 codes are
// the f32 bits; i32 / i64 codes are the two's complement bits; bool is 0 or 1).
#pragma once

#include <cstdint>
#include <optional>
#include <span>

#include "ir/numerics/cast_mode.h"
#include "ir/dtype/dtype.h"

namespace tf::numerics {

/// The code of `x` in the simple dtype `target` under `mode`. The mode must have passed
/// check_cast_mode (InternalError otherwise). Works for every simple dtype incl. f32.
std::uint64_t encode_f64(double x, DType target, CastMode mode);
/// Same for an f32 input; equal to encode_f64(double(x), ...) since f32 -> f64 is exact.
std::uint64_t encode_f32(float x, DType target, CastMode mode);

/// The exact value of `code` in the simple dtype `source` (every dtype of at most 32 bits is
/// exactly representable in f64; i64 codes beyond 2^53 round to nearest even). NaN codes decode
/// to a quiet NaN with the code's sign. Bits above bit_width are ignored.
double decode_f64(std::uint64_t code, DType source);
/// The value of `code` as f32: exact for every float dtype of at most 32 bits (f8e8m0 0x00 is
/// the f32 subnormal 2^-127); integers round to nearest even.
float decode_f32(std::uint64_t code, DType source);

/// True when `code` is a NaN encoding of the float dtype `dtype` (false for integers / bool).
bool is_nan_code(std::uint64_t code, DType dtype);
/// The code a NaN input converts to, or nullopt when the dtype has no NaN (f6, f4: NaN
/// converts to +max; integers: 0; bool: 1).
std::optional<std::uint64_t> canonical_nan_code(DType dtype);

// Batch kernels for the hot paths (bench/numerics_bench.cpp). Each equals the scalar
// function applied elementwise; `out` must be at least as long as `in`.
void encode_f32_to_fp8e4m3(std::span<const float> in, std::span<std::uint8_t> out,
                           bool saturate);
void encode_f32_to_fp8e5m2(std::span<const float> in, std::span<std::uint8_t> out,
                           bool saturate);
void decode_fp8e4m3_to_f32(std::span<const std::uint8_t> in, std::span<float> out);
void decode_fp8e5m2_to_f32(std::span<const std::uint8_t> in, std::span<float> out);

}  // namespace tf::numerics
