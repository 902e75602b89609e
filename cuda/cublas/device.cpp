#include "cuda/cublas/device.h"

#include <fmt/format.h>

#include "cuda/cublas/cuda_status.h"

namespace tf::cublas {

namespace {

std::string probe_devices() {
  int count = 0;
  const cudaError_t status = cudaGetDeviceCount(&count);
  if (status != cudaSuccess)
    return fmt::format("no CUDA device is visible (cudaGetDeviceCount: {}, {})", cudaGetErrorName(status),
                       cudaGetErrorString(status));
  if (count == 0) return "no CUDA device is visible (cudaGetDeviceCount found 0 devices)";
  return std::string();
}

int cublas_property(libraryPropertyType type) {
  int value = 0;
  return cublasGetProperty(type, &value) == CUBLAS_STATUS_SUCCESS ? value : -1;
}

}  // namespace

const std::string& device_unavailable() {
  static const std::string reason = probe_devices();
  return reason;
}

std::string library_versions() {
  int runtime = 0;
  if (cudaRuntimeGetVersion(&runtime) != cudaSuccess) runtime = -1;
  return fmt::format("cuBLAS {}.{}.{}, cuBLASLt {}, CUDA runtime {}", cublas_property(MAJOR_VERSION),
                     cublas_property(MINOR_VERSION), cublas_property(PATCH_LEVEL), cublasLtGetVersion(), runtime);
}

std::string DeviceFacts::arch() const {
  return fmt::format("sm_{}{}", major, minor);
}

Result<DeviceFacts> device_facts() {
  if (!device_unavailable().empty()) return category_error(DiagCategory::Eval, device_unavailable());
  cudaDeviceProp prop{};
  TF_CUDA_TRY(cudaGetDeviceProperties(&prop, 0));
  DeviceFacts f;
  f.name = prop.name;
  f.major = prop.major;
  f.minor = prop.minor;
  f.multiprocessors = prop.multiProcessorCount;
  f.memory_bytes = static_cast<std::int64_t>(prop.totalGlobalMem);
  TF_CUDA_TRY(cudaDriverGetVersion(&f.driver_version));
  TF_CUDA_TRY(cudaRuntimeGetVersion(&f.runtime_version));
  f.cublas_version =
      cublas_property(MAJOR_VERSION) * 10000 + cublas_property(MINOR_VERSION) * 100 + cublas_property(PATCH_LEVEL);
  return f;
}

}  // namespace tf::cublas
