// f4e2m1 tensors cross the host entry packed two to a byte (low nibble first: element 2k in bits
// 0-3 of byte k, the value tensors' layout) and live one byte per element inside kernels, where
// every element is addressable: the entry stages each f4 buffer unpacked before its launches and
// packs it back when it returns (F4Stage).
#pragma once

#include <cstdint>

#include "cuda/runtime/prim.h"

namespace tf_rt {

#if defined(__CUDACC__)
__global__ void f4_unpack_kernel(unsigned char* out, const unsigned char* packed, std::int64_t n) {
  for (std::int64_t i = blockIdx.x * static_cast<std::int64_t>(blockDim.x) + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    out[i] = (packed[i / 2] >> (4 * (i % 2))) & 0xf;
}
__global__ void f4_pack_kernel(unsigned char* packed, const unsigned char* in, std::int64_t n) {
  for (std::int64_t k = blockIdx.x * static_cast<std::int64_t>(blockDim.x) + threadIdx.x; 2 * k < n; k += gridDim.x * blockDim.x)
    packed[k] = static_cast<unsigned char>((in[2 * k] & 0xf) | (2 * k + 1 < n ? (in[2 * k + 1] & 0xf) << 4 : 0));
}
#endif

/// One f4 buffer of `n` elements staged unpacked for the entry's launches: `*slot` (the packed
/// buffer) is replaced by the staging copy, and packed back into the buffer on destruction.
class F4Stage {
 public:
  F4Stage(void** slot, std::int64_t n) : slot_(slot), packed_(static_cast<unsigned char*>(*slot)), n_(n) {
#if defined(__CUDACC__)
    if (cudaMalloc(&unpacked_, n > 0 ? static_cast<std::size_t>(n) : 1) != cudaSuccess) return;
    if (n > 0) f4_unpack_kernel<<<static_cast<unsigned>((n + 255) / 256), 256>>>(unpacked_, packed_, n);
#else
    unpacked_ = new unsigned char[n > 0 ? n : 1];
    for (std::int64_t i = 0; i < n; ++i) unpacked_[i] = (packed_[i / 2] >> (4 * (i % 2))) & 0xf;
#endif
    *slot_ = unpacked_;
  }
  ~F4Stage() {
    if (unpacked_ == nullptr) return;
#if defined(__CUDACC__)
    if (n_ > 0) f4_pack_kernel<<<static_cast<unsigned>((n_ + 511) / 512), 256>>>(packed_, unpacked_, n_);
    cudaDeviceSynchronize();
    cudaFree(unpacked_);
#else
    for (std::int64_t k = 0; 2 * k < n_; ++k)
      packed_[k] = static_cast<unsigned char>((unpacked_[2 * k] & 0xf) | (2 * k + 1 < n_ ? (unpacked_[2 * k + 1] & 0xf) << 4 : 0));
    delete[] unpacked_;
#endif
    *slot_ = packed_;
  }
  F4Stage(const F4Stage&) = delete;
  F4Stage& operator=(const F4Stage&) = delete;

 private:
  void** slot_;
  unsigned char* packed_;
  unsigned char* unpacked_ = nullptr;
  std::int64_t n_;
};

}  // namespace tf_rt
