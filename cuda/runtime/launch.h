// Launching a kernel from its shim: under the emulation, cuda/emu runs every thread as a fiber;
// with nvcc, the CUDA runtime launches it. Either way the shim gets null, or what went wrong.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "cuda/runtime/prim.h"
#include "ir/tir/launch_limits.h"

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

/// A launch dimension as the program computed it: int64, never narrowed to CUDA's unsigned dim3
/// before launch_refusal has checked it (so a grid of 2^32 or -1 is refused, not wrapped).
struct Dim3 {
  std::int64_t x = 1, y = 1, z = 1;
};

/// What a TIR Launch says beyond its geometry (seed 002 section 2.3, "Launch"): the cluster
/// extents ({1, 1, 1}: none), the dynamic shared memory it asks for (the kernel gets the larger
/// of this and what its allocations need), and its launch attributes (cudaLaunchAttributeID
/// values: cooperative, cluster scheduling policy, programmatic stream serialization, priority).
struct LaunchConfig {
  Dim3 cluster;
  std::int64_t dynamic_smem = 0;
  bool cooperative = false;
  int cluster_policy = -1;  ///< -1: not given
  bool programmatic_serialization = false;
  int priority = 0;
  bool has_priority = false;
};

/// Why CUDA refuses this launch (null when it can run), in the words of the launch validator the
/// machine model and the driver use (ir/tir/launch_limits.h: extents, block and launch sizes, the
/// cluster tiling, the dynamic shared memory asked for), or memory sizes (`smem` a CTA, `gmem`
/// the workspace, `stack` a thread) that are not byte counts. The driver refuses such launches
/// before anything runs; this is the runtime's own check before it narrows an extent. The text
/// lives in `error`.
inline const char* launch_refusal(Dim3 grid, Dim3 block, std::int64_t smem, std::int64_t gmem, std::int64_t stack,
                                  const LaunchConfig& config, std::string& error) {
  ::tf::tir::LaunchShape shape;
  const std::int64_t given[9] = {grid.x, grid.y, grid.z, block.x, block.y, block.z, config.cluster.x, config.cluster.y, config.cluster.z};
  for (int i = 0; i < 3; ++i) {
    shape.grid[i] = given[i];
    shape.block[i] = given[3 + i];
    shape.cluster[i] = given[6 + i];
  }
  shape.dynamic_smem = config.dynamic_smem;
  error = ::tf::tir::launch_shape_refusal(shape);
  if (error.empty() && (smem < 0 || gmem < 0 || stack < 0))
    error = "the kernel's memory sizes are not byte counts (shared " + std::to_string(smem) + ", global " + std::to_string(gmem) +
            ", stack " + std::to_string(stack) + ")";
  if (error.empty()) return nullptr;
  error = "launch: " + error;
  return error.c_str();
}

#if defined(__CUDACC__)
/// Launches `kernel` with `config`'s cluster and attributes (cudaLaunchKernelEx); `cooperative`
/// also when the kernel uses the grid barrier.
#define TF_RUN(kernel, grid, block, smem, config, cooperative, ...) \
  ::tf_rt::launch_ex(kernel, grid, block, smem, config, cooperative, __VA_ARGS__)

template <typename... P, typename... A>
inline void launch_ex(void (*kernel)(P...), Dim3 grid, Dim3 block, std::int64_t smem, const LaunchConfig& config, bool cooperative,
                      A... args) {
  cudaLaunchAttribute attrs[5];
  unsigned n = 0;
  if (cooperative || config.cooperative) {
    attrs[n].id = cudaLaunchAttributeCooperative;
    attrs[n++].val.cooperative = 1;
  }
  if (config.cluster.x * config.cluster.y * config.cluster.z > 1) {
    attrs[n].id = cudaLaunchAttributeClusterDimension;
    attrs[n].val.clusterDim.x = static_cast<unsigned>(config.cluster.x);  // checked by launch_refusal
    attrs[n].val.clusterDim.y = static_cast<unsigned>(config.cluster.y);
    attrs[n++].val.clusterDim.z = static_cast<unsigned>(config.cluster.z);
  }
  if (config.cluster_policy >= 0) {
    attrs[n].id = cudaLaunchAttributeClusterSchedulingPolicyPreference;
    attrs[n++].val.clusterSchedulingPolicyPreference = static_cast<cudaClusterSchedulingPolicy>(config.cluster_policy);
  }
  if (config.programmatic_serialization) {
    attrs[n].id = cudaLaunchAttributeProgrammaticStreamSerialization;
    attrs[n++].val.programmaticStreamSerializationAllowed = 1;
  }
  if (config.has_priority) {
    attrs[n].id = cudaLaunchAttributePriority;
    attrs[n++].val.priority = config.priority;
  }
  cudaLaunchConfig_t c = {};
  // Narrowed only here, after launch_refusal accepted every extent.
  c.gridDim = dim3(static_cast<unsigned>(grid.x), static_cast<unsigned>(grid.y), static_cast<unsigned>(grid.z));
  c.blockDim = dim3(static_cast<unsigned>(block.x), static_cast<unsigned>(block.y), static_cast<unsigned>(block.z));
  c.dynamicSmemBytes = static_cast<std::size_t>(smem);
  if (smem > 48 * 1024)  // more than 48 KiB of dynamic shared memory needs the kernel's opt-in
    cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, static_cast<int>(smem));
  c.attrs = attrs;
  c.numAttrs = n;
  cudaLaunchKernelEx(&c, kernel, args...);
}

template <typename F>
inline const char* launch(Dim3 grid, Dim3 block, std::int64_t smem, std::int64_t gmem, std::int64_t stack, bool, const LaunchConfig& config,
                          F run) {
  thread_local std::string error;
  if (const char* refused = launch_refusal(grid, block, smem, gmem, stack, config, error)) return refused;
  unsigned char* ws = nullptr;
  if (gmem > 0 && cudaMalloc(&ws, static_cast<std::size_t>(gmem)) != cudaSuccess) return "cudaMalloc of the workspace failed";
  run(ws);
  cudaError_t e = cudaGetLastError();  // the launch itself (its configuration)
  if (e == cudaSuccess) e = cudaDeviceSynchronize();
  if (ws != nullptr) cudaFree(ws);
  if (e == cudaSuccess) return nullptr;
  error = cudaGetErrorString(e);
  return error.c_str();
}
#else
#define TF_RUN(kernel, grid, block, smem, config, cooperative, ...) kernel(__VA_ARGS__)

/// Runs `run(workspace)` once per thread under the emulation: `gmem` bytes of per-launch global
/// workspace, `smem` bytes of shared arena per CTA, `stack` bytes of fiber stack per thread, all
/// allocated by cuda/emu within the run's budget. A cooperative launch (the kernel's grid
/// barrier, or the attribute) runs its CTAs together; the cluster is checked as CUDA checks it and
/// otherwise changes nothing (TIR has no distributed shared memory); priority and stream
/// serialization order nothing within one launch.
/// The body of an emulated launch: `body(context, workspace)` runs one thread.
using LaunchBody = void (*)(void* context, unsigned char* workspace);

/// launch() without its template: one copy per translation unit, however many kernels a batch
/// holds (a template per kernel was a third of a batch's runtime code).
inline const char* launch_body(Dim3 grid, Dim3 block, std::int64_t smem, std::int64_t gmem, std::int64_t stack, bool cooperative,
                               const LaunchConfig& config, LaunchBody body, void* context) {
  thread_local std::string error;
  if (const char* refused = launch_refusal(grid, block, smem, gmem, stack, config, error)) return refused;
  ::tf::emu::EmuLaunch l;  // every extent checked: the narrowing keeps its value
  l.grid = ::tf::emu::Dim3{static_cast<unsigned>(grid.x), static_cast<unsigned>(grid.y), static_cast<unsigned>(grid.z)};
  l.block = ::tf::emu::Dim3{static_cast<unsigned>(block.x), static_cast<unsigned>(block.y), static_cast<unsigned>(block.z)};
  l.cooperative = cooperative || config.cooperative;
  l.shared_bytes = static_cast<std::size_t>(smem);
  l.stack_bytes = static_cast<std::size_t>(stack);
  l.workspace_bytes = static_cast<std::size_t>(gmem);
  const ::tf::emu::EmuResult r = ::tf::emu::run(l, [body, context] { body(context, ::tf::emu::workspace()); });
  if (r.ok) return nullptr;
  error = r.message;
  return error.c_str();
}

template <typename F>
inline const char* launch(Dim3 grid, Dim3 block, std::int64_t smem, std::int64_t gmem, std::int64_t stack, bool cooperative,
                          const LaunchConfig& config, F run) {
  return launch_body(grid, block, smem, gmem, stack, cooperative, config,
                     [](void* context, unsigned char* workspace) { (*static_cast<F*>(context))(workspace); }, &run);
}
#endif

}  // namespace tf_rt
