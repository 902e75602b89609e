// The input sets of the CUDA-header checks, built from the format definitions alone (never from
// the tf::numerics code under test), deterministic (fixed seeds, std::mt19937_64), deduplicated.
//
// f32_inputs(), as f32 bit patterns, both signs of:
//   - +-0, +-Inf and NaN payloads (quiet, signalling, all-ones, sign set);
//   - every finite value of fp8e4m3, fp8e5m2, f8e8m0, f6e2m3, f6e3m2, f4e2m1, f16 and bf16;
//   - every midpoint between neighbouring values of those formats, the midpoint just above each
//     max finite (the overflow tie) and half the smallest subnormal;
//   - every power of two 2^-149 .. 2^127;
//   - each of the above with its neighbours 1 and 2 f32 ulps away;
//   - 300,000 seeded random bit patterns and 300,000 seeded random values with exponents in
//     [-30, 30] (where the narrow formats round).
// f64_inputs(), as f64 bit patterns: every f32 input widened (exact), the same values and
// midpoints with neighbours 1 and 2 f64 ulps away, every power of two 2^-1074 .. 2^1023 with
// neighbours, f64 NaN payloads, and 200,000 + 200,000 seeded random f64 bit patterns / values.
#pragma once

#include <cstdint>
#include <vector>

namespace tf::numerics::cuda_host {

std::vector<std::uint32_t> f32_inputs();
std::vector<std::uint64_t> f64_inputs();

}  // namespace tf::numerics::cuda_host
