#include "cuda/cublas/cuda_status.h"

#include <fmt/format.h>

namespace tf::cublas {

namespace {

// cuBLAS's own words for a status (cublasGetStatusString exists from 11.4.2; the name always).
const char* status_text(cublasStatus_t status) {
  const char* text = cublasGetStatusString(status);
  return text == nullptr ? "no description" : text;
}

}  // namespace

Diagnostic cuda_failure(std::string_view call, cudaError_t status) {
  return category_error(DiagCategory::Eval,
                        fmt::format("{} failed: {} ({})", call, cudaGetErrorName(status), cudaGetErrorString(status)));
}

Diagnostic cublas_failure(std::string_view call, cublasStatus_t status) {
  const char* name = cublasGetStatusName(status);
  return category_error(
      DiagCategory::Eval,
      fmt::format("{} failed: {} ({})", call, name == nullptr ? "an unknown status" : name, status_text(status)));
}

}  // namespace tf::cublas
