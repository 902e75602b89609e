// Launching a kernel from its shim: under the emulation, cuda/emu runs every thread as a fiber;
// with nvcc, the CUDA runtime launches it. Either way the shim gets null, or what went wrong.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "cuda/runtime/prim.h"

namespace tf_rt {

/// Python's floor division and modulo of host extents (a launch's grid from a tensor's shape); a
/// zero divisor gives 0 (the launch then has an empty grid, which the verifier's rules exclude).
inline std::int64_t host_floor_div(std::int64_t a, std::int64_t b) {
  if (b == 0) return 0;
  std::int64_t q = a / b;
  if (a % b != 0 && ((a < 0) != (b < 0))) --q;
  return q;
}
inline std::int64_t host_mod(std::int64_t a, std::int64_t b) {
  if (b == 0) return 0;
  std::int64_t r = a % b;
  if (r != 0 && ((r < 0) != (b < 0))) r += b;
  return r;
}

/// A launch dimension (CUDA's dim3, spelled the same under both compilers).
struct Dim3 {
  unsigned x = 1, y = 1, z = 1;
};

#if defined(__CUDACC__)
#define TF_RUN(kernel, grid, block, smem, ...) \
  kernel<<<dim3((grid).x, (grid).y, (grid).z), dim3((block).x, (block).y, (block).z), (smem)>>>(__VA_ARGS__)
/// A kernel that uses the grid barrier is launched cooperatively (all its CTAs co-resident).
#define TF_RUN_COOPERATIVE(kernel, grid, block, smem, ...) ::tf_rt::launch_cooperative(kernel, grid, block, smem, __VA_ARGS__)

template <typename... P, typename... A>
inline void launch_cooperative(void (*kernel)(P...), Dim3 grid, Dim3 block, std::int64_t smem, A... args) {
  void* params[] = {static_cast<void*>(&args)...};
  cudaLaunchCooperativeKernel(reinterpret_cast<void*>(kernel), dim3(grid.x, grid.y, grid.z), dim3(block.x, block.y, block.z), params,
                              static_cast<std::size_t>(smem));
}

template <typename F>
inline const char* launch(Dim3, Dim3, std::int64_t, std::int64_t gmem, std::int64_t, bool, F run) {
  thread_local std::string error;
  unsigned char* ws = nullptr;
  if (gmem > 0 && cudaMalloc(&ws, static_cast<std::size_t>(gmem)) != cudaSuccess) return "cudaMalloc of the workspace failed";
  run(ws);
  cudaError_t e = cudaDeviceSynchronize();
  if (ws != nullptr) cudaFree(ws);
  if (e == cudaSuccess) return nullptr;
  error = cudaGetErrorString(e);
  return error.c_str();
}
#else
#define TF_RUN(kernel, grid, block, smem, ...) kernel(__VA_ARGS__)
#define TF_RUN_COOPERATIVE(kernel, grid, block, smem, ...) kernel(__VA_ARGS__)

/// Runs `run(workspace)` once per thread under the emulation: `gmem` bytes of per-launch global
/// workspace, `smem` bytes of shared arena per CTA, `stack` bytes of fiber stack per thread.
template <typename F>
inline const char* launch(Dim3 grid, Dim3 block, std::int64_t smem, std::int64_t gmem, std::int64_t stack, bool cooperative, F run) {
  thread_local std::string error;
  std::vector<unsigned char> ws(static_cast<std::size_t>(gmem) + 16);
  ::tf::emu::EmuLaunch l;
  l.grid = ::tf::emu::Dim3{grid.x, grid.y, grid.z};
  l.block = ::tf::emu::Dim3{block.x, block.y, block.z};
  l.cooperative = cooperative;
  l.shared_bytes = static_cast<std::size_t>(smem);
  l.stack_bytes = static_cast<std::size_t>(stack);
  const ::tf::emu::EmuResult r = ::tf::emu::run(l, [&] { run(ws.data()); });
  if (r.ok) return nullptr;
  error = r.message;
  return error.c_str();
}
#endif

}  // namespace tf_rt
