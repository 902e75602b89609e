// Running emitted source on a GPU: nvcc compiles the translation unit (kernels, launch shims, host
// entries, and the device-memory helpers of cuda/runtime/gpu_memory.h) into a shared object,
// which is loaded into this process; a run copies the caller's buffers to the device, calls the
// host entry on the device copies, and copies them back. Nothing here links a CUDA library: the
// module carries its CUDA runtime. (The entries are host code, which NVRTC cannot compile, so
// the whole unit goes through nvcc, as for the compile-only checks.)
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
  /// Compiles `source` with `nvcc` for sm_80 and sm_90 (with PTX for later devices) and loads it;
  /// `keep` keeps its folder (kept_dir()). No disk cache. A compiler failure is an internal error
  /// carrying the source's path (kept) and nvcc's first lines.
  static Result<std::unique_ptr<GpuModule>> compile(const std::string& source, const std::string& nvcc, bool keep = false);
  /// The same, built as `options` says (the disk cache, the progress hook, the folders kept).
  static Result<std::unique_ptr<GpuModule>> compile(const std::string& source, const std::string& nvcc, const BuildOptions& options);

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
  explicit GpuModule(std::shared_ptr<const LoadedLibrary> library) : library_(std::move(library)) {}
  template <typename F>
  F symbol(const char* name) const {
    return reinterpret_cast<F>(library_->symbol(name));
  }
  std::shared_ptr<const LoadedLibrary> library_;
};

}  // namespace tf::cuda
