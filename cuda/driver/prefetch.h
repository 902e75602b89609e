// Prefetching the compiles of many runs (a fuzz campaign, the conformance runner): collect what
// each run would compile, compile it all in a few batches (module_batch.h), then run the cases as
// usual, each compile a hit of the process's module cache (module_cache.h).
//
//   {
//     cuda::CompileCollector collect;               // this thread's runs are collected, not run
//     for (const Case& c : cases) run_case(c);      // run_emulated / run_on_gpu: emitted, planned, recorded
//     cuda::prefetch_collected(collect);            // a few batch compiles fill the cache
//   }
//   for (const Case& c : cases) run_case(c);        // every compile a cache hit
//
// Design note: the collected outcome. Under a collector, run_emulated (and run_on_gpu, when a
// device is visible) emits the module and plans its launches as always (so what it refuses, it
// refuses the same way), and where it would compile and run it records the compile and returns,
// without running anything, the Diagnostic collected_outcome(): category Usage, the fixed message
// kCollectedMessage, no rule id and no place. It is not a result of the case and never a
// finding: a caller that collects must test is_collected() on what the run returned before it
// compares, counts or reports anything, and drop that pass's outcome of the case (its real
// outcome comes from the run after the prefetch). A Diagnostic rather than an exception, so that
// it travels the callers' ordinary Result paths (a property's comparison, the conformance
// runner's verdict) to a caller that tests for it, and never unwinds through code that catches
// exceptions to report them as crashes. Outside a collector it never occurs. A caller may ask
// collecting() to skip work whose result the collection pass drops (the oracle's run: only the
// shapes of its outputs are needed to plan the launches).
//
// Design note: the two compilers. The emulation's batches (g++, -O0, about 45 ms a member) are
// compiled one after another, under the module cache's lock: on the 2-core machines the tests
// run on, the cores are already busy. A GPU's batches (nvcc, seconds a member) are compiled side
// by side, one per core (std::thread::hardware_concurrency()), each batch no larger than its
// share of the members, since a GPU is lent for minutes and its machine has many cores.
#pragma once

#include <cstddef>
#include <deque>
#include <functional>
#include <string>
#include <string_view>
#include <unordered_set>

#include "cuda/driver/backend_run.h"
#include "ir/core/module.h"
#include "ir/support/diagnostic.h"
#include "ir/support/result.h"

namespace tf::cuda {

/// What run_emulated or run_on_gpu would have compiled for one run.
struct CollectedCompile {
  std::string source;  ///< the plain emitted translation unit: the module cache's key
  ModuleRef module;    ///< the module it was emitted from, host entries added (for its batch body)
  std::string entry;   ///< the host entry the run calls
  bool gpu = false;    ///< for nvcc and a device (run_on_gpu), else for the emulation
};

/// While it lives, run_emulated and run_on_gpu on this thread record their compiles here and
/// return collected_outcome() instead of compiling and running (see the design note). Collectors nest:
/// the innermost one collects; each must end on the thread that made it, the last made first
/// (as a local variable does).
class CompileCollector {
 public:
  CompileCollector();
  ~CompileCollector();
  CompileCollector(const CompileCollector&) = delete;
  CompileCollector& operator=(const CompileCollector&) = delete;

  /// The innermost collector of this thread, or null.
  static CompileCollector* current();

  /// Records `c` (a source already recorded for the same backend is recorded once; the run is
  /// counted either way).
  void add(CollectedCompile c);

  /// Every distinct compile recorded, in the order of its first run.
  const std::deque<CollectedCompile>& collected() const { return collected_; }
  /// The runs collected, a source's repeats included.
  std::size_t runs() const { return runs_; }

 private:
  std::deque<CollectedCompile> collected_;  // a deque: the views in sources_ stay valid
  std::unordered_set<std::string_view> sources_[2];  // the emulation's, the GPU's
  std::size_t runs_ = 0;
  CompileCollector* previous_ = nullptr;
};

/// The message of collected_outcome().
inline constexpr const char* kCollectedMessage =
    "not run: collected for a batch compile (a cuda::CompileCollector is installed on this thread; run the case again after "
    "cuda::prefetch_collected)";

/// What run_emulated returns for a run it collected (see the design note).
Diagnostic collected_outcome();

/// True when `d` is collected_outcome() (its category, message and empty rule id).
bool is_collected(const Diagnostic& d);
/// True when `r` failed with collected_outcome() first.
bool is_collected(const Result<bool>& r);

/// True while a CompileCollector collects this thread's runs: the caller's pass is a collection
/// pass whose outcomes are dropped (see the design note).
bool collecting();

/// What prefetch_collected did with the collected compiles.
struct PrefetchReport {
  std::size_t collected = 0;  ///< distinct compiles collected
  std::size_t cached = 0;     ///< of those, already in the module cache
  std::size_t compiled = 0;   ///< compiled now in a batch and added to the module cache
  std::size_t left = 0;       ///< left for their runs to compile alone (a failed batch's, or a lone one)
  std::size_t libraries = 0;  ///< shared objects loaded (a batch each)
  std::size_t failures = 0;   ///< batch compiles that failed (each fell back by halves, emu_batch.h)
};

/// Compiles every compile `collector` recorded that the module cache does not hold, in balanced
/// batches of at most `batch_size` members (at least 2; see the design note for the GPU's), and
/// adds each member to the cache under its plain source (not kept), so that a later run of it is
/// a hit. `options`: the disk cache (cache_dir), on_compile (once per batch compile),
/// stop_requested (stops before the next batch or halving); the other fields do not apply. Never
/// fails: what is not compiled here (a member whose batches failed, a single one) is compiled by
/// its run, which reports whatever goes wrong exactly as without a prefetch. A run with
/// keep_files compiles on its own (its folder is its own).
PrefetchReport prefetch_collected(const CompileCollector& collector, const BackendOptions& options = {}, std::size_t batch_size = 64);

/// The prefetch hook of a caller that runs many cases (fuzz::Property::prefetch,
/// conformance::SuiteOptions::prefetch): runs `collect` under a CompileCollector, then
/// prefetch_collected with `options`.
std::function<void(const std::function<void()>& collect)> backend_prefetch(BackendOptions options = {});

}  // namespace tf::cuda
