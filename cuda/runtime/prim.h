// The primitive layer of the device runtime: the few things the runtime needs from the machine
// (ids, barriers, warp exchange, mma, cp.async, trap), written once for nvcc and once for the host
// emulation (cuda/emu), so that one generated source compiles for both (docs/cuda-backend.md).
#pragma once

#include <cstdint>

#if defined(__CUDACC__)
#include <cooperative_groups.h>
#define TF_DEV __device__ __forceinline__
/// A runtime op: one out-of-line function per instantiation, so that a kernel of hundreds of
/// statements stays one call each (inlined, the 64x64x64 GEMM took nvcc 75 s).
#define TF_OP __device__ __noinline__
#define TF_GLOBAL __global__
#define TF_CONST __device__ constexpr
#define TF_SHARED_ARENA(name) extern __shared__ __align__(16) unsigned char name[]
namespace tf_rt::prim {
TF_DEV unsigned thread_linear() { return threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z); }
TF_DEV unsigned block_linear() { return blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z); }
TF_DEV unsigned block_threads() { return blockDim.x * blockDim.y * blockDim.z; }
TF_DEV unsigned grid_blocks() { return gridDim.x * gridDim.y * gridDim.z; }
TF_DEV void sync_block() { __syncthreads(); }
TF_DEV void sync_warp(unsigned mask) { __syncwarp(mask); }
/// bar.sync Id, Count with both as immediates (the PTX a named barrier must show).
template <int Id, int Count>
TF_DEV void bar_sync() { asm volatile("bar.sync %0, %1;" ::"n"(Id), "n"(Count) : "memory"); }
TF_DEV void grid_sync() { cooperative_groups::this_grid().sync(); }
[[noreturn]] TF_DEV void trap(const char*) { __trap(); }
/// mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32: a (8 bf16 codes), b (4), c (4) in PTX
/// register order, each pair of codes packed low-first into a .b32 register.
TF_DEV void mma_m16n8k16_bf16(float* d, const std::uint16_t* a, const std::uint16_t* b, const float* c) {
  unsigned A[4], B[2];
  for (int i = 0; i < 4; ++i) A[i] = unsigned{a[2 * i]} | (unsigned{a[2 * i + 1]} << 16);
  for (int i = 0; i < 2; ++i) B[i] = unsigned{b[2 * i]} | (unsigned{b[2 * i + 1]} << 16);
  asm volatile(
      "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, "
      "{%10, %11, %12, %13};\n"
      : "=f"(d[0]), "=f"(d[1]), "=f"(d[2]), "=f"(d[3])
      : "r"(A[0]), "r"(A[1]), "r"(A[2]), "r"(A[3]), "r"(B[0]), "r"(B[1]), "f"(c[0]), "f"(c[1]), "f"(c[2]), "f"(c[3]));
}
/// cp.async of `bytes` from global `src` to shared `dst`: 16 bytes bypass L1 (.cg), 4 and 8 go
/// through it (.ca); another size is copied at once (a legal schedule: the copy may land at any
/// point before the wait that retires it).
TF_DEV void cp_async(void* dst, const void* src, int bytes) {
  const unsigned s = static_cast<unsigned>(__cvta_generic_to_shared(dst));
  if (bytes == 16) asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(s), "l"(src) : "memory");
  else if (bytes == 8) asm volatile("cp.async.ca.shared.global [%0], [%1], 8;\n" ::"r"(s), "l"(src) : "memory");
  else if (bytes == 4) asm volatile("cp.async.ca.shared.global [%0], [%1], 4;\n" ::"r"(s), "l"(src) : "memory");
  else
    for (int i = 0; i < bytes; ++i) static_cast<unsigned char*>(dst)[i] = static_cast<const unsigned char*>(src)[i];
}
TF_DEV void cp_async_commit() { asm volatile("cp.async.commit_group;\n" ::: "memory"); }
template <int N>
TF_DEV void cp_async_wait() { asm volatile("cp.async.wait_group %0;\n" ::"n"(N) : "memory"); }
/// One trip of a kernel loop (the emitter calls it first in every loop body): nothing on a GPU;
/// under the emulation a step of the run's budget, where a long loop notices Ctrl-C.
TF_DEV void loop_trip() {}
/// A For loop of `trips` trips about to start: nothing on a GPU; under the emulation the launch
/// ends when the budget has fewer steps left.
TF_DEV void loop_begin(std::uint64_t) {}
}  // namespace tf_rt::prim
#else
#include "cuda/emu/emu.h"
#define TF_DEV inline
#define TF_OP inline
#define TF_GLOBAL
#define TF_CONST constexpr
// The CTA's shared-memory arena: the emulation's per-CTA buffer.
#define TF_SHARED_ARENA(name) unsigned char* name = ::tf::emu::shared_arena()
namespace tf_rt::prim {
inline unsigned thread_linear() {
  const ::tf::emu::Dim3 t = ::tf::emu::thread_idx(), b = ::tf::emu::block_dim();
  return t.x + b.x * (t.y + b.y * t.z);
}
inline unsigned block_linear() {
  const ::tf::emu::Dim3 c = ::tf::emu::block_idx(), g = ::tf::emu::grid_dim();
  return c.x + g.x * (c.y + g.y * c.z);
}
inline unsigned block_threads() {
  const ::tf::emu::Dim3 b = ::tf::emu::block_dim();
  return b.x * b.y * b.z;
}
inline unsigned grid_blocks() {
  const ::tf::emu::Dim3 g = ::tf::emu::grid_dim();
  return g.x * g.y * g.z;
}
inline void sync_block() { ::tf::emu::sync_block(); }
inline void sync_warp(unsigned mask) { ::tf::emu::sync_warp(mask); }
template <int Id, int Count>
inline void bar_sync() { ::tf::emu::bar_sync(Id, Count); }
inline void grid_sync() { ::tf::emu::grid_sync(); }
[[noreturn]] inline void trap(const char* why) { ::tf::emu::trap(why); }
inline void mma_m16n8k16_bf16(float* d, const std::uint16_t* a, const std::uint16_t* b, const float* c) {
  ::tf::emu::mma_m16n8k16_bf16(d, a, b, c);
}
inline void cp_async(void* dst, const void* src, int bytes) { ::tf::emu::cp_async(dst, src, static_cast<std::size_t>(bytes)); }
inline void cp_async_commit() { ::tf::emu::cp_async_commit(); }
template <int N>
inline void cp_async_wait() { ::tf::emu::cp_async_wait(N); }
inline void loop_trip() { ::tf::emu::loop_trip(); }
inline void loop_begin(std::uint64_t trips) { ::tf::emu::loop_begin(trips); }
}  // namespace tf_rt::prim
#endif
