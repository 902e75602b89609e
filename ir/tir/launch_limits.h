// CUDA's limits on the shape of one launch, and the check of a shape against them: the one
// statement of what a launch may ask for, which the TIR machine model and every CUDA backend
// enforce (ir/tir/launch_check.h adds what needs the kernel's IR). Header-only on the standard
// library alone, so that the emitted runtime (cuda/runtime/launch.h, compiled by g++ and nvcc)
// checks the extents it receives with the same code before it narrows them to CUDA's unsigned
// dim3.
//
// The limits (CUDA programming guide, technical specifications per compute capability, 8.0 and
// 9.0): gridDim.x < 2^31, gridDim.y and .z <= 65,535; blockDim.x and .y <= 1,024, .z <= 64,
// at most 1,024 threads a block; a cluster must tile the grid (cudaErrorInvalidClusterSize);
// at most 227 KiB of dynamic shared memory a block (sm_90). Two more are the machine model's
// own, kept by every backend so that all refuse the same launches: at most 2^31 - 1 CTAs and
// 2^32 - 3 threads a launch (thread ids are 32-bit in the race shadow, two values reserved).
#pragma once

#include <cstdint>
#include <string>

namespace tf::tir {

/// The most threads a block holds.
inline constexpr std::int64_t kMaxBlockThreads = 1024;
/// The largest extent of a launch along x, y, z: the grid's, then the block's.
inline constexpr std::int64_t kMaxGridExtent[3] = {2147483647, 65535, 65535};
inline constexpr std::int64_t kMaxBlockExtent[3] = {1024, 1024, 64};
/// The most CTAs and threads one launch holds (the machine model's numbering; header comment).
inline constexpr std::int64_t kMaxLaunchCtas = 2147483647;
inline constexpr std::int64_t kMaxLaunchThreads = 0xfffffffdLL;
/// The most dynamic shared memory a block may ask for: 227 KiB (sm_90, an H100 / H200).
inline constexpr std::int64_t kMaxDynamicSmemBytes = 232448;

/// What a launch asks for: grid and block extents (x, y, z), cluster extents, and the dynamic
/// shared memory in bytes. Every value as the program computed it (int64, never narrowed).
struct LaunchShape {
  std::int64_t grid[3] = {1, 1, 1};
  std::int64_t block[3] = {1, 1, 1};
  std::int64_t cluster[3] = {1, 1, 1};
  std::int64_t dynamic_smem = 0;

  /// CTAs and threads a block; meaningful once launch_shape_refusal returned "".
  std::int64_t ctas() const { return grid[0] * grid[1] * grid[2]; }
  std::int64_t block_threads() const { return block[0] * block[1] * block[2]; }
};

/// Why CUDA refuses a launch of `shape` (the limits above, checked in this order: each extent at
/// least 1, each axis's limit, the block's threads, the grid's CTAs, the launch's threads, the
/// cluster tiling, the dynamic shared memory against `max_dynamic_smem`), or "" when it can run.
/// Extents are numbered 0..5 (grid x, y, z, block x, y, z) as Launch's operands after the callee.
inline std::string launch_shape_refusal(const LaunchShape& s, std::int64_t max_dynamic_smem = kMaxDynamicSmemBytes) {
  using std::to_string;
  static const char* const axis[3] = {"x", "y", "z"};
  for (int i = 0; i < 6; ++i) {
    const std::int64_t v = i < 3 ? s.grid[i] : s.block[i - 3];
    if (v < 1) return "extent " + to_string(i) + " is " + to_string(v) + "; every grid and block extent is at least 1";
  }
  for (int i = 0; i < 6; ++i) {
    const bool grid = i < 3;
    const std::int64_t v = grid ? s.grid[i] : s.block[i - 3], most = grid ? kMaxGridExtent[i] : kMaxBlockExtent[i - 3];
    if (v > most)
      return "extent " + to_string(i) + " is " + to_string(v) + "; CUDA launches at most " + to_string(most) + (grid ? " CTAs" : " threads") +
             " along " + (grid ? "gridDim." : "blockDim.") + axis[i % 3];
  }
  const std::int64_t threads = s.block_threads();  // at most 1024 * 1024 * 64: no overflow
  if (threads > kMaxBlockThreads)
    return "a block of " + to_string(threads) + " threads (" + to_string(s.block[0]) + " x " + to_string(s.block[1]) + " x " +
           to_string(s.block[2]) + "); a CTA holds at most 1024";
  // Each axis within its limit: the grid's CTAs stay below 2^63, and once they are at most
  // kMaxLaunchCtas the launch's threads below 2^41 (no overflow, and no builtin nvcc lacks).
  const std::int64_t ctas = s.ctas();
  if (ctas > kMaxLaunchCtas)
    return "a grid of " + to_string(ctas) + " CTAs (" + to_string(s.grid[0]) + " x " + to_string(s.grid[1]) + " x " + to_string(s.grid[2]) +
           ") is more than a launch holds (at most " + to_string(kMaxLaunchCtas) + ")";
  if (ctas * threads > kMaxLaunchThreads)
    return "a launch of " + to_string(ctas) + " CTAs x " + to_string(threads) + " threads; a launch holds at most " +
           to_string(kMaxLaunchThreads) + " threads (thread ids are 32-bit)";
  for (int i = 0; i < 3; ++i) {
    if (s.cluster[i] < 1) return "cluster extent " + to_string(i) + " is " + to_string(s.cluster[i]) + "; every cluster extent is at least 1";
    if (s.grid[i] % s.cluster[i] != 0)
      return "grid extent " + to_string(i) + " is " + to_string(s.grid[i]) + ", not a whole number of clusters of " +
             to_string(s.cluster[i]) + " (CUDA refuses the launch: cudaErrorInvalidClusterSize)";
  }
  if (s.dynamic_smem < 0 || s.dynamic_smem > max_dynamic_smem)
    return "dynamic_smem is " + to_string(s.dynamic_smem) + " bytes; a CTA may ask for at most " + to_string(max_dynamic_smem) +
           " bytes of dynamic shared memory";
  return {};
}

}  // namespace tf::tir
