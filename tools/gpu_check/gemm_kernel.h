// The emitted GEMM of the GPU check's step 4, prepared in the background from the check's start:
// its HIR program read, lowered by the MMA rule, emitted, and compiled by nvcc into a loaded
// library, while the conformance and MMA steps run.
//
// Design note. nvcc takes long over this kernel (the MMA rule unrolls the K loop: measured on a
// busy two-core machine, 4096 x 4096 x K for sm_90 alone: 37 s at K = 64 (cicc 13 s, ptxas 20 s),
// 15 minutes at K = 512), so the compile starts on a thread of its own as soon as the device is
// known, and step 4 waits for it only as long as its own budget allows. The library is built
// through the GPU driver's toolchain (cuda::GpuModule::toolchain) with the disk cache, so a second
// check compiles nothing. A compile still running when the check ends is abandoned: the program
// exits without waiting (main.cpp, std::_Exit, so that no static is destroyed under the thread).
#pragma once

#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

#include "cuda/driver/loaded_library.h"
#include "ir/core/module.h"
#include "ir/support/result.h"
#include "ir/text/file_reader.h"

namespace tf::gpu_check {

/// The K the check uses by default: a 4096^3 GEMM (the MMA rule's K loop takes any multiple of
/// lower::kMmaRuleKTile; the kernel's code does not grow with K).
inline constexpr std::int64_t kDefaultGemmK = 4096;
/// The largest K the check accepts (the host's reference sums and the inputs stay small).
inline constexpr std::int64_t kMaxGemmK = 65536;

/// c = matmul(a, b) of bf16 a (m, k) and b (k, n), ready to run.
struct GemmKernel {
  std::int64_t m = 0, n = 0, k = 0;
  text::ReadFile program;  ///< the HIR program, `func f(a, b)`
  ModuleRef lowered;       ///< by the pipeline hir-to-tir-mma, reduce-workspaces, host-entry, named-barriers
  std::string source;      ///< the emitted translation unit
  std::shared_ptr<const cuda::LoadedLibrary> library;  ///< compiled by nvcc and loaded
  double compile_seconds = 0;
};

/// The GemmKernel of (m, n, k) up to its source: read, lowered and emitted, not compiled (library
/// null). Diagnostics: a shape the MMA rule refuses (m, n multiples of 64, k a multiple of 32 up to
/// 512; the message names the rule), the emitter's refusal.
Result<GemmKernel> emit_gemm_kernel(std::int64_t m, std::int64_t n, std::int64_t k);

/// emit_gemm_kernel, then its source compiled by `nvcc` and loaded. Diagnostics: emit_gemm_kernel's
/// and nvcc's.
Result<GemmKernel> build_gemm_kernel(std::int64_t m, std::int64_t n, std::int64_t k, const std::string& nvcc);

/// build_gemm_kernel on a thread of its own, started at construction.
class GemmPrefetch {
 public:
  GemmPrefetch(std::int64_t m, std::int64_t n, std::int64_t k, std::string nvcc);
  /// Leaves a build still running to its thread (design note).
  ~GemmPrefetch();
  GemmPrefetch(const GemmPrefetch&) = delete;
  GemmPrefetch& operator=(const GemmPrefetch&) = delete;

  /// The kernel (or why there is none), waiting at most `seconds` for it; null when it is not
  /// built by then. It lives as long as this object.
  const Result<GemmKernel>* wait(double seconds);
  /// True while the build runs.
  bool running() const;
  std::int64_t k() const { return k_; }

 private:
  struct State {
    std::mutex mutex;
    std::condition_variable done;
    std::optional<Result<GemmKernel>> result;
  };
  std::int64_t k_;
  std::shared_ptr<State> state_;
};

}  // namespace tf::gpu_check
