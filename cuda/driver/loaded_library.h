// A shared object built from one emitted translation unit in a scratch directory and loaded into
// this process: what the emulation's module (g++) and the GPU's module (nvcc) have in common.
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "ir/support/result.h"

namespace tf::cuda {

/// A loaded library (unloaded, and its directory removed, when destroyed).
class LoadedLibrary {
 public:
  /// The compiler command that builds `lib` from `src` (both paths in the scratch directory).
  using Command = std::function<std::string(const std::string& src, const std::string& lib)>;

  /// Writes `source` to `module.<extension>` in a fresh scratch directory, runs `command` and
  /// loads the result. A compiler failure is an internal error naming `compiler`, carrying the
  /// source's path (the files are kept for reading) and the compiler's first lines.
  static Result<std::unique_ptr<LoadedLibrary>> build(const std::string& source, const std::string& extension,
                                                      const std::string& compiler, const Command& command);
  ~LoadedLibrary();
  LoadedLibrary(const LoadedLibrary&) = delete;
  LoadedLibrary& operator=(const LoadedLibrary&) = delete;

  /// The address of exported symbol `name`, or null.
  void* symbol(const std::string& name) const;

 private:
  LoadedLibrary() = default;
  void* handle_ = nullptr;
  std::string dir_;
};

}  // namespace tf::cuda
