// The shapes cuBLAS multiplies: what a row-major (batched) matmul's operands mean as one
// cuBLAS call, checked on the host before any device is touched.
#pragma once

#include <cstdint>

#include "eval/value/tensor.h"
#include "ir/support/result.h"

namespace tf::cublas {

/// C = A B over `batch` matrices: A (M, K), B (K, N), C (M, N), each row-major.
struct MatmulShape {
  std::int64_t batch = 1;
  std::int64_t m = 0, n = 0, k = 0;
  bool batched = false;       ///< an operand is 3-D: the result is (batch, M, N)
  std::int64_t a_stride = 0;  ///< elements between A's batch matrices (0: a 2-D A serves every batch)
  std::int64_t b_stride = 0;  ///< the same for B
};

/// a (M, K) @ b (K, N), or with a leading batch axis on either or both (equal batches when both
/// have one; a 2-D operand serves every batch). Diagnostics (Usage) naming both shapes: a rank
/// other than 2 or 3, K that differs, batches that differ, an extent of 0, or an extent beyond
/// cuBLAS's 32-bit dimensions.
Result<MatmulShape> matmul_shape(const eval::Tensor& a, const eval::Tensor& b);

}  // namespace tf::cublas
