// NVFP4 quantization as TransformerEngine computes it (docs/block-scaling.md, "Quantize, NVFP4").
//
// Design note. The NVFP4 scales are not powers of two, so the result depends on the exact
// f32 formula (multiply by a reciprocal vs divide, order of the products); this file copies
// TE's formula step by step in f32 arithmetic. With -fno-fast-math and -ffp-contract=off every
// f32 operation is a correctly rounded IEEE operation, so plain float arithmetic is exact to
// the definition. Only the conversions to E4M3 / E2M1 codes go through encode_f32.
#pragma once

#include <cstdint>
#include <span>

namespace tf::numerics::nvfp4 {

/// S_enc = 448 * 6 / gamax in f32, capped at FLT_MAX; 1 when gamax is 0 (or S_enc is 0).
/// `gamax` is the largest finite magnitude of the tensor (>= 0).
float encode_scale(float gamax);

/// Quantizes one block of f32 values with the tensor's S_enc: writes one E2M1 code per value
/// into `codes` and returns the E4M3 block scale. A block holding a NaN or an Inf gets the E4M3
/// NaN scale and element codes RN-SAT(x_i) (the multiplier taken as 1). Otherwise
///   S_dec_b = bamax * (S_enc * fl(1/6)) -> E4M3 RN-SATFINITE,
///   mult    = min(1 / (float(e4m3) * (1 / S_enc)), FLT_MAX),
///   code_i  = E2M1 RN-SAT(x_i * mult).
std::uint8_t quantize_block(std::span<const float> values, float s_enc,
                            std::span<std::uint8_t> codes);

}  // namespace tf::numerics::nvfp4
