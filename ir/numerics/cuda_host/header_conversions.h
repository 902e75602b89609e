// The CUDA 13 headers' host conversion functions, each paired with the tf::numerics dtype and
// CastMode that must compute the same codes (docs/decisions.md D4, docs/numerics.md).
//
// Contract. Each EncodeCase names one header call (fixed target and rounding / saturation
// arguments) and the (target, mode) that encode_f32 / encode_f64 take for it; its NaN predicate
// is written here from the format definitions, independently of tf::numerics::is_nan_code, so
// that a wrong is_nan_code cannot hide a mismatch. Each DecodeCase turns every code of a narrow
// format into f32 through the header's decode (fp8/fp6/fp4 -> half -> f32, e8m0 -> bf16 -> f32,
// both exact). Only this file's .cpp includes the CUDA headers.
#pragma once

#include <cstdint>
#include <span>

#include "ir/numerics/cast_mode.h"
#include "ir/dtype/dtype.h"

namespace tf::numerics::cuda_host {

struct EncodeCase {
  const char* name;  ///< e.g. "fp8e4m3 __NV_SATFINITE"
  DType target;
  CastMode mode;
  std::uint64_t (*header_f32)(float);   ///< the header call on an f32 input
  std::uint64_t (*header_f64)(double);  ///< its double variant; null when there is none
  bool (*is_nan)(std::uint64_t code);   ///< NaN class of `target` (always false for f6/f4)
};

struct DecodeCase {
  const char* name;  ///< e.g. "fp8e4m3 -> half -> f32"
  DType source;
  int code_count;  ///< every code 0 .. code_count-1 is decoded
  float (*header)(std::uint32_t code);
};

/// Every encode the checks cover: E4M3/E5M2 x SAT/NOSAT, E8M0 x RZ/RP x SAT/NOSAT,
/// E2M3/E3M2/E2M1 x RN/RZ, bf16 and f16 RN (overflow to Inf).
std::span<const EncodeCase> encode_cases();

/// Every decode: E4M3, E5M2, E8M0, E2M3, E3M2, E2M1, f16, bf16.
std::span<const DecodeCase> decode_cases();

}  // namespace tf::numerics::cuda_host
