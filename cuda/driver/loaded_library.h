// A shared object built from one translation unit in a scratch directory and loaded into this
// process: what the emulation's module (g++) and the GPU's module (nvcc) have in common. It may
// come from the disk cache (disk_cache.h) instead of the compiler, and may hold several modules
// (a batch, module_batch.h), which then share it.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "ir/support/result.h"

namespace tf::cuda {

/// How LoadedLibrary::build compiles.
struct Toolchain {
  /// The compiler command that builds `lib` from `src` (both paths in the scratch directory).
  using Command = std::function<std::string(const std::string& src, const std::string& lib)>;
  std::string name;       ///< "g++", "nvcc": named in diagnostics and to BuildOptions::on_compile
  std::string extension;  ///< of the source file: "cpp", "cu"
  Command command;
  /// compile_inputs.h's description of everything but the unit that decides the output (the disk
  /// cache's key); null, or "" from it, when the output cannot be cached.
  std::function<std::string()> inputs;
};

/// What LoadedLibrary::build does around the compile.
struct BuildOptions {
  /// Keep the scratch directory (source and shared object) once loaded: kept_dir().
  bool keep = false;
  /// Keep the directory of a failed compile for reading (its path in the diagnostic); a batch
  /// that falls back to its members removes it.
  bool keep_failed = true;
  /// The disk cache: none when nullopt (the compile-only API's default, so that a benchmark of
  /// it times the compiler), else the folder DiskCache::folder(*cache_dir) names ("" the user's
  /// default folder, "off" none).
  std::optional<std::string> cache_dir;
  /// Called with the toolchain's name just before the compiler runs (never on a cache hit): a
  /// terminal's "compiling (g++)..." (BackendOptions::on_compile).
  std::function<void(std::string_view)> on_compile;
  /// True once the run is to stop (Ctrl-C; null: never): a compile that ends after it is not
  /// stored in the disk cache (an interrupted run leaves nothing behind).
  bool (*stop_requested)() = nullptr;
};

/// A loaded library. Its scratch directory is removed as soon as the library is loaded (a loaded
/// shared object needs no file), unless it is kept, so that no run leaves a folder behind.
class LoadedLibrary {
 public:
  /// Writes `source` to `module.<extension>` in a fresh scratch directory, takes the shared
  /// object from the disk cache when it holds one for exactly this source and these inputs, else
  /// runs the toolchain's command (and stores the result in the cache), and loads it; the
  /// directory is then removed, or kept when `options.keep` (kept_dir()). A cached object that
  /// does not load is compiled again. A compiler or loader failure is an internal error naming
  /// the toolchain and carrying the compiler's first lines and, when `options.keep_failed`, the
  /// source's path (the files are kept for reading); a compiler stopped by a signal is an
  /// internal error (its folder removed); a directory that cannot be made or written is a usage
  /// error.
  static Result<std::shared_ptr<LoadedLibrary>> build(const std::string& source, const Toolchain& toolchain,
                                                      const BuildOptions& options = {});
  ~LoadedLibrary();
  LoadedLibrary(const LoadedLibrary&) = delete;
  LoadedLibrary& operator=(const LoadedLibrary&) = delete;

  /// The address of exported symbol `name`, or null.
  void* symbol(const std::string& name) const;
  /// The address of the host entry `entry` of the module whose extern "C" symbols carry `prefix`
  /// (cpp_text.h's function_symbols; "" for a translation unit of its own), or null.
  void* entry(std::string_view prefix, const std::string& entry) const;

  /// The scratch directory holding the source and the shared object when built with `keep`
  /// ("" otherwise: it is gone).
  const std::string& kept_dir() const { return kept_; }

 private:
  LoadedLibrary() = default;
  void* handle_ = nullptr;
  std::string kept_;
};

}  // namespace tf::cuda
