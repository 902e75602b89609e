// Running emitted source on a GPU: nvcc compiles the translation unit (kernels, launch shims, host
// entries, and the device-memory helpers of cuda/runtime/gpu_memory.h) into a shared object,
// which is loaded into this process; a run copies the caller's buffers to the device, calls the
// host entry on the device copies, and copies them back. Nothing here links a CUDA library: the
// module carries its CUDA runtime. (The entries are host code, which NVRTC cannot compile, so
// the whole unit goes through nvcc, as for the compile-only checks.) Several modules may share
// one shared object (a batch, module_batch.h): each then knows the prefix of its extern "C"
// symbols.
//
// The architectures: sm_80 and sm_90 code with compute_90 PTX for later devices, unless the
// environment variable TF_CUDA_ARCH names one (`sm_90`, `90`, `sm_120a`): then that one alone,
// as SASS and PTX, which compiles in about half the time (tools/gpu-check sets it to the
// device's own).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "cuda/driver/loaded_library.h"
#include "ir/support/result.h"

namespace tf::cuda {

/// A translation unit compiled for the GPU and loaded (unloaded, its files removed, when destroyed).
class GpuModule {
 public:
  /// Compiles `source` with `nvcc` for the architectures above and loads it; `keep` keeps its
  /// folder (kept_dir()). No disk cache. A compiler failure is an internal error carrying the
  /// source's path (kept) and nvcc's first lines.
  static Result<std::unique_ptr<GpuModule>> compile(const std::string& source, const std::string& nvcc, bool keep = false);
  /// The same, built as `options` says (the disk cache, the progress hook, the folders kept).
  static Result<std::unique_ptr<GpuModule>> compile(const std::string& source, const std::string& nvcc, const BuildOptions& options);

  /// The module of `library` (a batch) whose extern "C" symbols carry `prefix` (cpp_text.h's
  /// symbol_prefix of its batch namespace; "" for a translation unit of its own).
  static std::unique_ptr<GpuModule> in_library(std::shared_ptr<const LoadedLibrary> library, std::string prefix);

  /// How nvcc (at `nvcc`) builds a GPU module (the architectures above), and the compile's
  /// inputs for the disk cache.
  static Toolchain toolchain(const std::string& nvcc);

  /// The nvcc flags that choose the architectures: TF_CUDA_ARCH's one, else the default pair.
  /// Diagnostic (Usage) when TF_CUDA_ARCH is set to something that names no architecture.
  static Result<std::string> arch_flags();

  /// True when the module has host entry `entry` (as run() finds it).
  bool has_entry(const std::string& entry) const;

  /// The folder of the source and shared object when compiled with `keep`, else "".
  const std::string& kept_dir() const { return library_->kept_dir(); }

  /// The CUDA devices the module's runtime sees (0: no device or no driver).
  int devices() const;

  /// Runs host entry `entry` on host `buffers` of `bytes` each (inputs then outputs) and extents
  /// `shapes`, through device copies; the buffers hold the results afterwards. Diagnostic
  /// (category Eval) for no device, a failed allocation or copy, or what the launch reported.
  Result<bool> run(const std::string& entry, const std::vector<void*>& buffers, const std::vector<std::size_t>& bytes,
                   const std::vector<std::vector<std::int64_t>>& shapes) const;

 private:
  GpuModule(std::shared_ptr<const LoadedLibrary> library, std::string prefix) : library_(std::move(library)), prefix_(std::move(prefix)) {}
  template <typename F>
  F symbol(const char* name) const {
    return reinterpret_cast<F>(library_->symbol(name));
  }
  void* entry_symbol(const std::string& entry) const;
  std::shared_ptr<const LoadedLibrary> library_;
  std::string prefix_;
};

}  // namespace tf::cuda
