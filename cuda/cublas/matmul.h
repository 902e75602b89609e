// cuBLAS as a third implementation of HIR matmul at level cuda-gpu, beside the HIR evaluator and
// the emitted kernel (docs/cuda-backend.md, "cuBLAS, a third implementation").
//
// Design note.
//  - Layout. The project's tensors are row-major and cuBLAS is column-major; a row-major (M, N)
//    C is the column-major N x M matrix C^T = B^T A^T, so cuBLAS is called with the operands
//    swapped (m = N, n = M) and no transposition: nothing is copied.
//  - bf16, f16, f32 operands (both the same dtype) go through cublasGemmEx, batched through
//    cublasGemmStridedBatchedEx (a 2-D operand beside a 3-D one gets batch stride 0), with
//    CUBLAS_COMPUTE_32F and an f32 result. The handle is put in CUBLAS_PEDANTIC_MATH: in the
//    default mode cuBLAS may turn f32 operands into TF32 (10 fraction bits: the products are no
//    longer exact, and the error bound of the summation no longer covers the result) and may
//    reduce split-K partial sums in a narrower type; pedantic mode forbids both, so what is
//    judged is an f32 accumulation of exact products in an order cuBLAS chooses.
//    CublasOptions::pedantic = false times what a user of the default mode gets.
//  - fp8 (e4m3, e5m2, in any pairing cuBLASLt accepts) goes through cublasLtMatmul, which on
//    sm_89 / sm_90 takes only the "TN" form: both operands K-contiguous. A row-major A (M, K) is
//    already; B (K, N) is transposed on the host to (N, K) first. No scale pointers (scale 1),
//    no fast accumulation (CUBLASLT_MATMUL_DESC_FAST_ACCUM stays 0: it accumulates in less than
//    f32), f32 result.
//  - Block-scaled (block_scaled_matmul.h) goes through cublasLtMatmul with the scale modes
//    VEC32_UE8M0 (MX) and VEC16_UE4M3 (NVFP4), which need sm_100 or later.
//  - Device. Every function checks its arguments first (Usage diagnostics, no device needed),
//    then device_unavailable() (an Eval diagnostic with its reason), then runs; every failing
//    CUDA or cuBLAS call is an Eval diagnostic naming the call and the status (cuda_status.h).
#pragma once

#include "cuda/cublas/gemm_timing.h"
#include "eval/value/tensor.h"
#include "ir/support/result.h"

namespace tf::cublas {

/// How cublas_matmul runs.
struct CublasOptions {
  /// CUBLAS_PEDANTIC_MATH (design note); false: CUBLAS_DEFAULT_MATH (for timing only).
  bool pedantic = true;
  /// After the result is computed, time this many more launches on the same device buffers
  /// (GemmTiming); 0: none.
  int timed_repeats = 0;
};

/// a @ b by cuBLAS (design note): 2-D or batched 3-D operands (matmul_shape.h); both bf16, both
/// f16 or both f32 (cublasGemmEx), or fp8e4m3 / fp8e5m2 (cuBLASLt). The result is f32 of shape
/// (M, N) or (batch, M, N). `timing`, when given and options.timed_repeats > 0, receives the
/// GEMM's device time. Diagnostics: Usage for shapes and dtypes cuBLAS is not asked to multiply;
/// Eval for no device (device_unavailable()'s reason) and for every failing CUDA or cuBLAS call
/// (CUBLAS_STATUS_NOT_SUPPORTED when this device or library has no kernel for the dtypes).
Result<eval::Tensor> cublas_matmul(const eval::Tensor& a, const eval::Tensor& b, const CublasOptions& options = {},
                                   GemmTiming* timing = nullptr);

}  // namespace tf::cublas
