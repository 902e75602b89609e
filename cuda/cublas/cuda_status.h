// Diagnostics for what the CUDA runtime, cuBLAS and cuBLASLt report: internal to tf_cublas (its
// .cpp files include it; no public header exposes a CUDA type).
//
// Every failed call becomes a Diagnostic of category Eval that names the call, the status by its
// name (cudaErrorMemoryAllocation, CUBLAS_STATUS_NOT_SUPPORTED) and the library's text for it,
// so that a report says which call failed and why without a CUDA header at hand.
#pragma once

#include <cublasLt.h>
#include <cublas_v2.h>
#include <cuda_runtime_api.h>

#include <string_view>

#include "ir/support/diagnostic.h"

namespace tf::cublas {

/// "CALL failed: NAME (TEXT)" for a CUDA runtime error (category Eval).
Diagnostic cuda_failure(std::string_view call, cudaError_t status);
/// "CALL failed: NAME (TEXT)" for a cuBLAS or cuBLASLt status (category Eval).
Diagnostic cublas_failure(std::string_view call, cublasStatus_t status);

}  // namespace tf::cublas

/// TF_CUDA_TRY(call): return cuda_failure(#call, status) from the enclosing function (which
/// returns a Result or a Diagnostic) when `call` does not return cudaSuccess.
#define TF_CUDA_TRY(call)                                                           \
  do {                                                                              \
    if (const cudaError_t tf_cuda_status_ = (call); tf_cuda_status_ != cudaSuccess) \
      return ::tf::cublas::cuda_failure(#call, tf_cuda_status_);                    \
  } while (0)

/// TF_CUBLAS_TRY(call): the same for a call returning a cublasStatus_t.
#define TF_CUBLAS_TRY(call)                                                                          \
  do {                                                                                               \
    if (const cublasStatus_t tf_cublas_status_ = (call); tf_cublas_status_ != CUBLAS_STATUS_SUCCESS) \
      return ::tf::cublas::cublas_failure(#call, tf_cublas_status_);                                 \
  } while (0)
