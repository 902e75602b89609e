// Running emitted source under the host emulation: g++ compiles the translation unit against
// cuda/runtime and links it to cuda/emu as a shared object, which is loaded into this process
// and its host entries called on the caller's buffers. Several modules may share one shared
// object (a batch, module_batch.h): each then knows the prefix of its extern "C" symbols.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "cuda/driver/loaded_library.h"
#include "cuda/emu/emu.h"
#include "ir/support/result.h"

namespace tf::cuda {

/// How an emulated module is optimized: Run (-O1) for one that runs alone (tf run, a conformance
/// case, a benchmark), Batch (-O0) for the modules of a batch, whose compile is most of their
/// cost. Both compute the same bits (no fast math, no FMA contraction).
enum class EmuOptimization : std::uint8_t { Run, Batch };

/// A compiled and loaded translation unit (its files removed once loaded unless kept), or one
/// module of a loaded batch.
class EmuModule {
 public:
  /// Compiles `source` (emit_module's) with g++ and loads it; `keep` keeps its folder
  /// (kept_dir()). No disk cache: this times and tests the compiler. A compiler failure is an
  /// internal error carrying the source's path (kept) and the compiler's first error lines.
  static Result<std::unique_ptr<EmuModule>> compile(const std::string& source, bool keep = false);
  /// The same, built as `options` says (the disk cache, the progress hook, the folders kept).
  static Result<std::unique_ptr<EmuModule>> compile(const std::string& source, const BuildOptions& options);

  /// The module of `library` (a batch) whose extern "C" symbols carry `prefix` (cpp_text.h's
  /// symbol_prefix of its batch namespace; "" for a translation unit of its own).
  static std::unique_ptr<EmuModule> in_library(std::shared_ptr<const LoadedLibrary> library, std::string prefix);

  /// How g++ builds an emulated module at `level` (the runtime's precompiled header, the flags,
  /// the link to cuda/emu), and the compile's inputs for the disk cache.
  static Toolchain toolchain(EmuOptimization level);

  /// True when the module has host entry `entry` (as run() finds it).
  bool has_entry(const std::string& entry) const;

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
  EmuModule(std::shared_ptr<const LoadedLibrary> library, std::string prefix) : library_(std::move(library)), prefix_(std::move(prefix)) {}
  void* entry_symbol(const std::string& entry) const;
  std::shared_ptr<const LoadedLibrary> library_;
  std::string prefix_;
};

}  // namespace tf::cuda
