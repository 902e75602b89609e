// The primitive layer of the device runtime: the few things the runtime needs from the machine
// (ids, barriers, warp exchange, trap), written once for nvcc and once for the host emulation
// (cuda/emu), so that one generated source compiles for both (DESIGN.md section 7).
#pragma once

#include <cstdint>

#if defined(__CUDACC__)
#include <cooperative_groups.h>
#define TF_DEV __device__ __forceinline__
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
}  // namespace tf_rt::prim
#else
#include "cuda/emu/emu.h"
#define TF_DEV inline
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
}  // namespace tf_rt::prim
#endif
