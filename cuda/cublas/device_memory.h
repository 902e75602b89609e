// Device memory and library handles that free themselves: internal to tf_cublas (its .cpp files
// include it). Each factory reports the failing CUDA or cuBLAS call as a diagnostic
// (cuda_status.h); none is called before device_unavailable() said a device is visible.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "cuda/cublas/cuda_status.h"
#include "ir/support/result.h"

namespace tf::cublas {

/// cudaMalloc'd bytes, freed with the object (move-only).
class DeviceBuffer {
 public:
  /// `bytes` bytes (at least one), uninitialized.
  static Result<DeviceBuffer> allocate(std::size_t bytes);
  /// A copy of `host` on the device.
  static Result<DeviceBuffer> upload(std::span<const std::uint8_t> host);
  /// Copies the first host.size() bytes back into `host`.
  Result<bool> download(std::span<std::uint8_t> host) const;

  void* get() const { return ptr_; }
  std::size_t size() const { return bytes_; }

  DeviceBuffer(DeviceBuffer&& other) noexcept : ptr_(other.ptr_), bytes_(other.bytes_) { other.ptr_ = nullptr; }
  DeviceBuffer& operator=(DeviceBuffer&& other) noexcept;
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;
  ~DeviceBuffer();

 private:
  DeviceBuffer(void* ptr, std::size_t bytes) : ptr_(ptr), bytes_(bytes) {}
  void* ptr_ = nullptr;
  std::size_t bytes_ = 0;
};

/// A cuBLAS handle (cublasCreate / cublasDestroy), move-only.
class BlasHandle {
 public:
  static Result<BlasHandle> create();
  cublasHandle_t get() const { return handle_; }
  BlasHandle(BlasHandle&& other) noexcept : handle_(other.handle_) { other.handle_ = nullptr; }
  BlasHandle(const BlasHandle&) = delete;
  BlasHandle& operator=(const BlasHandle&) = delete;
  BlasHandle& operator=(BlasHandle&&) = delete;
  ~BlasHandle();

 private:
  explicit BlasHandle(cublasHandle_t h) : handle_(h) {}
  cublasHandle_t handle_ = nullptr;
};

/// A cuBLASLt handle (cublasLtCreate / cublasLtDestroy), move-only.
class LtHandle {
 public:
  static Result<LtHandle> create();
  cublasLtHandle_t get() const { return handle_; }
  LtHandle(LtHandle&& other) noexcept : handle_(other.handle_) { other.handle_ = nullptr; }
  LtHandle(const LtHandle&) = delete;
  LtHandle& operator=(const LtHandle&) = delete;
  LtHandle& operator=(LtHandle&&) = delete;
  ~LtHandle();

 private:
  explicit LtHandle(cublasLtHandle_t h) : handle_(h) {}
  cublasLtHandle_t handle_ = nullptr;
};

}  // namespace tf::cublas
