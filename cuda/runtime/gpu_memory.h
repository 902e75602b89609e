// Device memory for the GPU driver (cuda/driver/gpu_module.h): every module nvcc compiles into a
// shared object exports these, so that the driver moves buffers through the module's own CUDA
// runtime and links no CUDA library itself. Compiled only by nvcc (one translation unit per
// module, so the definitions appear once).
#pragma once

#if defined(__CUDACC__)
#include <cstddef>

/// The number of CUDA devices the runtime sees (0 without a device or a driver).
extern "C" int tf_gpu_devices() {
  int n = 0;
  return cudaGetDeviceCount(&n) == cudaSuccess ? n : 0;
}
/// `bytes` of device memory (at least one byte), or null.
extern "C" void* tf_gpu_alloc(std::size_t bytes) {
  void* p = nullptr;
  return cudaMalloc(&p, bytes == 0 ? 1 : bytes) == cudaSuccess ? p : nullptr;
}
extern "C" void tf_gpu_free(void* p) { cudaFree(p); }
/// Copies `bytes` host -> device (to_device != 0) or device -> host; 0 on failure.
extern "C" int tf_gpu_copy(void* dst, const void* src, std::size_t bytes, int to_device) {
  return cudaMemcpy(dst, src, bytes, to_device != 0 ? cudaMemcpyHostToDevice : cudaMemcpyDeviceToHost) == cudaSuccess;
}
#endif
