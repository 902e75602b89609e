// Running emitted source under the host emulation: g++ compiles the translation unit against
// cuda/runtime and links it to cuda/emu as a shared object, which is loaded into this process
// and its host entries called on the caller's buffers.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "cuda/driver/loaded_library.h"
#include "cuda/emu/emu.h"
#include "ir/support/result.h"

namespace tf::cuda {

/// A compiled and loaded translation unit (its files removed once loaded unless kept).
class EmuModule {
 public:
  /// Compiles `source` (emit_module's) with g++ and loads it; `keep` keeps its folder
  /// (kept_dir()). A compiler failure is an internal error carrying the source's path (kept) and
  /// the compiler's first error lines.
  static Result<std::unique_ptr<EmuModule>> compile(const std::string& source, bool keep = false);

  /// Runs host entry `entry` on `buffers` (one per entry parameter, in order: inputs then
  /// outputs, each in the element layout of its dtype) of extents `shapes` (one per buffer),
  /// its launches bounded by `budget` (cuda/emu/emu.h; null: unbounded, allocation failures
  /// still reported). Diagnostic (category Eval) naming what the launch reported (a deadlock, a
  /// trap, the budget spent) when it fails; usage error for an unknown entry.
  Result<bool> run(const std::string& entry, const std::vector<void*>& buffers,
                   const std::vector<std::vector<std::int64_t>>& shapes, emu::EmuBudget* budget = nullptr) const;

  /// The folder of the source and shared object when compiled with `keep`, else "".
  const std::string& kept_dir() const { return library_->kept_dir(); }

 private:
  explicit EmuModule(std::unique_ptr<LoadedLibrary> library) : library_(std::move(library)) {}
  std::unique_ptr<LoadedLibrary> library_;
};

}  // namespace tf::cuda
