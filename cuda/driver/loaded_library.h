// A shared object built from one emitted translation unit in a scratch directory and loaded into
// this process: what the emulation's module (g++) and the GPU's module (nvcc) have in common.
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "ir/support/result.h"

namespace tf::cuda {

/// A loaded library. Its scratch directory is removed as soon as the library is loaded (a loaded
/// shared object needs no file), unless it is kept, so that no run leaves a folder behind.
class LoadedLibrary {
 public:
  /// The compiler command that builds `lib` from `src` (both paths in the scratch directory).
  using Command = std::function<std::string(const std::string& src, const std::string& lib)>;

  /// Writes `source` to `module.<extension>` in a fresh scratch directory, runs `command` and
  /// loads the result; the directory is then removed, or kept when `keep` (kept_dir()). A
  /// compiler or loader failure is an internal error naming `compiler`, carrying the source's
  /// path (the files are kept for reading) and the compiler's first lines; a compiler stopped by a
  /// signal is an internal error (its folder removed); a directory that cannot be made or written
  /// is a usage error.
  static Result<std::unique_ptr<LoadedLibrary>> build(const std::string& source, const std::string& extension,
                                                      const std::string& compiler, const Command& command, bool keep = false);
  ~LoadedLibrary();
  LoadedLibrary(const LoadedLibrary&) = delete;
  LoadedLibrary& operator=(const LoadedLibrary&) = delete;

  /// The address of exported symbol `name`, or null.
  void* symbol(const std::string& name) const;

  /// The scratch directory holding the source and the shared object when built with `keep`
  /// ("" otherwise: it is gone).
  const std::string& kept_dir() const { return kept_; }

 private:
  LoadedLibrary() = default;
  void* handle_ = nullptr;
  std::string kept_;
};

}  // namespace tf::cuda
