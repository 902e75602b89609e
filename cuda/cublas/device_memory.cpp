#include "cuda/cublas/device_memory.h"

#include <utility>

namespace tf::cublas {

Result<DeviceBuffer> DeviceBuffer::allocate(std::size_t bytes) {
  const std::size_t size = bytes == 0 ? 1 : bytes;
  void* p = nullptr;
  TF_CUDA_TRY(cudaMalloc(&p, size));
  return DeviceBuffer(p, size);
}

Result<DeviceBuffer> DeviceBuffer::upload(std::span<const std::uint8_t> host) {
  Result<DeviceBuffer> b = allocate(host.size());
  TF_TRY(b);
  if (!host.empty()) TF_CUDA_TRY(cudaMemcpy(b->get(), host.data(), host.size(), cudaMemcpyHostToDevice));
  return b;
}

Result<bool> DeviceBuffer::download(std::span<std::uint8_t> host) const {
  if (!host.empty()) TF_CUDA_TRY(cudaMemcpy(host.data(), ptr_, host.size(), cudaMemcpyDeviceToHost));
  return true;
}

DeviceBuffer& DeviceBuffer::operator=(DeviceBuffer&& other) noexcept {
  std::swap(ptr_, other.ptr_);
  std::swap(bytes_, other.bytes_);
  return *this;
}

DeviceBuffer::~DeviceBuffer() {
  if (ptr_ != nullptr) cudaFree(ptr_);
}

Result<BlasHandle> BlasHandle::create() {
  cublasHandle_t h = nullptr;
  TF_CUBLAS_TRY(cublasCreate(&h));
  return BlasHandle(h);
}

BlasHandle::~BlasHandle() {
  if (handle_ != nullptr) cublasDestroy(handle_);
}

Result<LtHandle> LtHandle::create() {
  cublasLtHandle_t h = nullptr;
  TF_CUBLAS_TRY(cublasLtCreate(&h));
  return LtHandle(h);
}

LtHandle::~LtHandle() {
  if (handle_ != nullptr) cublasLtDestroy(handle_);
}

}  // namespace tf::cublas
