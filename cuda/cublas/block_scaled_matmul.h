// Block-scaled matmul (MX and NVFP4, docs/block-scaling.md) by cuBLASLt's block-scaled GEMM:
// the third implementation of a block-scaled HIR matmul at level cuda-gpu.
//
// Design note. A block-scaled tensor's blocks run along its last axis, which for a GEMM operand
// must be the contraction axis K: so the left operand is A (M, K) and the right one is given
// transposed, Bt (N, K), both of the same block format. MX formats (f8e8m0 scale per 32) run in
// the scale mode VEC32_UE8M0 with fp8e4m3, fp8e5m2 or f4e2m1 elements; NVFP4 (fp8e4m3 scale per
// 16, f32 tensor scale) in VEC16_UE4M3 with f4e2m1 elements, its two tensor scales multiplied
// into alpha (one f32 rounding of their product). Element codes are uploaded one per byte
// (fp8) or packed two per byte, low nibble first (f4, as the project's f4e2m1 tensors store
// them); the scales in cuBLASLt's 128 x 4 tiles (scale_tiles.h). cuBLASLt offers these modes on
// sm_100 and later only: on an older device the result is a diagnostic "not supported on sm_90",
// never a call. MXINT8 and the f6 formats are refused (their cuBLASLt element types are not
// wired here).
#pragma once

#include "cuda/cublas/gemm_timing.h"
#include "cuda/cublas/matmul.h"
#include "eval/value/tensor.h"
#include "ir/support/result.h"

namespace tf::cublas {

/// A (M, K) @ Bt^T, Bt (N, K), both block-scaled in one format family (design note); the result
/// is f32 (M, N). Diagnostics: Usage for ranks, extents, formats and element dtypes it does not
/// take; Eval for no device, a device older than sm_100 ("block-scaled matmul ... is not
/// supported on sm_90"), and every failing CUDA or cuBLASLt call.
Result<eval::Tensor> cublas_block_scaled_matmul(const eval::Tensor& a, const eval::Tensor& bt,
                                                const CublasOptions& options = {}, GemmTiming* timing = nullptr);

}  // namespace tf::cublas
