// The host emulation of the CUDA device primitives: what `cuda/runtime` is written on when the
// generated source is compiled with the host C++ compiler (clang++ or g++) instead of nvcc.
//
// Design note. Every GPU thread of a launch is a Boost.Context fiber; a scheduler per launch
// runs them one at a time on the calling OS thread, round-robin in thread order, and a fiber
// leaves the CPU only where a GPU thread could wait: a barrier (block, warp, named, grid) or a
// warp collective (shuffle, vote). Between two such points a thread runs as plain C++, which is
// what keeps the emulation within a small factor of native code. The order is deterministic:
// the same launch runs the same way every time.
//  - Barriers complete when their participants have arrived: `sync_block` every thread of the
//    CTA that has not exited (as the hardware counts an exited thread as arrived), `sync_warp`
//    the lanes of the mask, `bar_sync(id, count)` `count` threads of the CTA at barrier `id`,
//    `grid_sync` every thread of the launch that has not exited. A named barrier reached with
//    another count than its waiting threads', a warp mask without the caller's lane or naming a
//    lane that does not exist or has exited, are misuses, reported. Lanes whose masks differ
//    wait at different rendezvous (a deadlock when nobody completes them).
//  - Warp collectives rendezvous like `sync_warp` over their mask and exchange values through a
//    per-warp buffer, one per generation so that a fast lane's next shuffle never overwrites what
//    a slow lane has yet to read.
//  - A launch whose threads all wait and none can complete is a deadlock: reported with every
//    waiting thread's CTA, thread and barrier, never a hang. `trap()` ends the launch, reported
//    with the trapping thread. A launch that uses the grid barrier (EmuLaunch::cooperative) runs
//    every CTA in one scheduler, as co-resident; any other runs its CTAs one after another.
//  - A launch is bounded (EmuBudget, installed per OS thread by the caller: tf run's --max-steps,
//    --max-memory and Ctrl-C): every thread start and resumption, barrier or warp-collective
//    arrival and loop trip (loop_trip(), which the emitted loops call) is a step, and a launch
//    that spends the steps left, or is asked to stop, ends with that reported. The workspace, the
//    shared arenas, the fiber stacks and the threads' bookkeeping are reserved with the budget
//    before they are allocated; an allocation that fails anyway is reported, never thrown.
//  - mma.sync is a warp collective of all 32 lanes, computed from the PTX fragment tables
//    (mma_m16n8k16.h). cp.async copies wait in the thread's groups and are performed at the
//    cp.async.wait_group that retires them, the latest point a GPU may perform them; a thread
//    that exits with copies not waited for is reported.
// Nothing here is shared with eval/tir (docs/decisions.md D9: two independent implementations).
#pragma once

#include <cstdint>
#include <cstring>
#include <functional>
#include <string>
#include <type_traits>

namespace tf::emu {

/// A CUDA dim3.
struct Dim3 {
  unsigned x = 1, y = 1, z = 1;
};

/// The shape of one emulated launch.
struct EmuLaunch {
  Dim3 grid;
  Dim3 block;
  bool cooperative = false;  ///< the kernel uses the grid barrier: all CTAs at once
  std::size_t shared_bytes = 0;  ///< each CTA's shared-memory arena (zeroed; CUDA leaves it undefined)
  std::size_t stack_bytes = 256 * 1024;  ///< each thread fiber's stack (register tensors live on it)
  std::size_t workspace_bytes = 0;  ///< the launch's global workspace (zeroed; workspace())
};

/// What the launches on one OS thread may use together, and what they used (design note). Every
/// hook is optional; without a budget installed nothing is bounded but allocation failures are
/// still reported.
struct EmuBudget {
  /// Steps the launches may take together (0: no limit): each thread start and resumption, each
  /// arrival at a barrier or warp collective, each loop_trip().
  std::int64_t max_steps = 0;
  /// Asks for `bytes` of host memory for `what` (the workspace, the shared arenas, the thread
  /// stacks) before it is allocated: "" when granted, else why not (the launch fails with it).
  std::function<std::string(std::int64_t bytes, const std::string& what)> reserve;
  /// Gives back what `reserve` granted.
  std::function<void(std::int64_t bytes)> release;
  /// True when the run is to stop (Ctrl-C): the launch ends with "interrupted (Ctrl-C)".
  std::function<bool()> stop_requested;
  std::int64_t steps = 0;     ///< written by the launches: steps taken so far
  std::int64_t launches = 0;  ///< written by the launches: launches begun
  std::int64_t failed_launch = 0;  ///< written by the launches: the one (1-based) that failed, 0 when none
};

/// Installs `budget` (null: none) for the launches on the calling OS thread; the caller keeps it
/// alive until it installs another.
void set_budget(EmuBudget* budget);

/// How a launch ended: `ok`, or what went wrong and where (a deadlock, a trap, a misuse).
struct EmuResult {
  bool ok = true;
  std::string message;
};

/// Runs `kernel` once per thread of `launch` (design note). Not reentrant: one launch at a time
/// per OS thread. An empty grid or block, or a block of more than 1,024 threads, is refused.
EmuResult run(const EmuLaunch& launch, const std::function<void()>& kernel);

// ---- the primitives, callable only from a running kernel ----

/// threadIdx, blockIdx, blockDim, gridDim of the calling thread.
Dim3 thread_idx();
Dim3 block_idx();
Dim3 block_dim();
Dim3 grid_dim();

/// The calling thread's lane: its linear index in the block modulo 32.
unsigned lane_id();

/// The calling thread's CTA's shared-memory arena (EmuLaunch::shared_bytes, 16-byte aligned).
unsigned char* shared_arena();
/// The launch's global workspace (EmuLaunch::workspace_bytes, 16-byte aligned).
unsigned char* workspace();
/// One trip of a kernel loop: a step of the budget, and where a long loop notices Ctrl-C.
void loop_trip();
/// A kernel loop of `trips` trips about to start: it ends the launch when the trips are more than
/// the budget's steps left (the machine model refuses such a loop before its first trip too).
void loop_begin(std::uint64_t trips);

/// __syncthreads().
void sync_block();
/// __syncwarp(mask): the calling lane must be in `mask`.
void sync_warp(unsigned mask);
/// bar.sync id, count: `count` threads of the CTA meet at named barrier `id` (0..15).
void bar_sync(int id, int count);
/// The grid barrier (cooperative groups' grid.sync()).
void grid_sync();
/// __trap(): ends the launch, reported.
[[noreturn]] void trap(const char* why = "trap");

/// The exchange behind the warp collectives: every lane of `mask` contributes `bits`; returns
/// what lane `src_lane` contributed (the lanes' values all present when it returns).
std::uint64_t warp_exchange(unsigned mask, std::uint64_t bits, int src_lane);
/// __all_sync, __any_sync, __ballot_sync.
bool vote_all(unsigned mask, bool predicate);
bool vote_any(unsigned mask, bool predicate);
unsigned vote_ballot(unsigned mask, bool predicate);

/// mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 over the whole warp: a (8 bf16 codes),
/// b (4), c (4 f32) in PTX register order; d may be c.
void mma_m16n8k16_bf16(float* d, const std::uint16_t* a, const std::uint16_t* b, const float* c);

/// cp.async of `bytes` from `src` into `dst`, queued in the thread's open group.
void cp_async(void* dst, const void* src, std::size_t bytes);
/// cp.async.commit_group: closes the open group (an empty one too).
void cp_async_commit();
/// cp.async.wait_group n: performs, oldest first, every committed group but the n newest.
void cp_async_wait(int n);

/// __shfl_sync(mask, v, src_lane) for a trivially copyable T of at most 8 bytes.
template <typename T>
T shfl_sync(unsigned mask, T v, int src_lane) {
  static_assert(std::is_trivially_copyable_v<T> && sizeof(T) <= 8, "shfl_sync moves at most 8 bytes");
  std::uint64_t bits = 0;
  std::memcpy(&bits, &v, sizeof(T));
  const std::uint64_t got = warp_exchange(mask, bits, src_lane & 31);
  T out;
  std::memcpy(&out, &got, sizeof(T));
  return out;
}

/// __shfl_xor_sync(mask, v, lane_mask).
template <typename T>
T shfl_xor_sync(unsigned mask, T v, int lane_mask) {
  return shfl_sync(mask, v, static_cast<int>(lane_id() ^ static_cast<unsigned>(lane_mask)));
}

}  // namespace tf::emu

/// set_budget for a caller that reaches this library through a loaded module (dlsym), as the
/// CUDA driver does: it links no emulation of its own.
extern "C" void tf_emu_set_budget(tf::emu::EmuBudget* budget);
