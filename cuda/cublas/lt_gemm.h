// One cublasLtMatmul in the "TN" form (both operands K-contiguous), with optional block scales:
// internal to tf_cublas, shared by the fp8 path of matmul.cpp and by block_scaled_matmul.cpp.
//
// Row-major C (M, N) = A (M, K) B: with B given as its transpose Bt (N, K), cuBLASLt computes the
// column-major N x M matrix C^T = op(Bt') op(A') where Bt' is Bt read as the column-major K x N
// matrix (transa = T) and A' is A read as the column-major K x M matrix (transb = N). So
// cuBLASLt's "A" is our Bt and its "B" our A; its A scales are Bt's, its B scales A's.
#pragma once

#include <cstdint>

#include "cuda/cublas/device_memory.h"
#include "cuda/cublas/gemm_timing.h"

namespace tf::cublas {

/// One K-contiguous operand on the device: `outer` rows of K elements (M for A, N for Bt).
struct LtOperand {
  const DeviceBuffer* data = nullptr;
  cudaDataType type = CUDA_R_8F_E4M3;
  std::int64_t outer = 0;
  std::int64_t batch_stride = 0;         ///< elements between batch matrices (0: one matrix for all)
  const DeviceBuffer* scales = nullptr;  ///< the tiled block scales (scale_tiles.h), or null
  cublasLtMatmulMatrixScale_t scale_mode = CUBLASLT_MATMUL_MATRIX_SCALE_SCALAR_32F;
};

/// C (batch x M x N, f32, row-major) = alpha * A Bt^T.
struct LtGemm {
  LtOperand a;   ///< (M, K)
  LtOperand bt;  ///< (N, K)
  std::int64_t k = 0;
  std::int64_t batch = 1;
  float alpha = 1.0f;
  DeviceBuffer* c = nullptr;
};

/// Runs `g` once (synchronized), then, when `timing` is given and `timed_repeats` > 0, times that
/// many more launches (event_timer.h). Diagnostics: the failing cuBLASLt call by status, and
/// CUBLAS_STATUS_NOT_SUPPORTED's text when the heuristic offers no algorithm for these types.
Result<bool> run_lt_gemm(const LtGemm& g, int timed_repeats, GemmTiming* timing);

}  // namespace tf::cublas
