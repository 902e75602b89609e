// The compiled modules of this process, by the emitted source they were compiled from (and
// whether their folder is kept): each distinct source is compiled once and stays loaded for the
// life of the process. run_emulated and run_on_gpu fill it one module at a time; a prefetch
// (prefetch.h) fills it with every member of a batch under its plain source, so that the run of
// such a module finds it compiled.
#pragma once

#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <utility>

#include "ir/support/result.h"

namespace tf::cuda {

/// The cache of modules of type `M` (EmuModule, GpuModule).
template <typename M>
class ModuleCache {
 public:
  /// The process's one cache of `M` (never destroyed: its modules stay loaded).
  static ModuleCache& instance() {
    static auto* cache = new ModuleCache();
    return *cache;
  }

  /// Holds the cache: find() and add() need it held. Compiles happen under it, one at a time, so
  /// that a source is compiled once.
  std::unique_lock<std::mutex> lock() { return std::unique_lock<std::mutex>(mutex_); }

  /// The module compiled from `source` (kept or not), or null. The lock must be held.
  const M* find(const std::string& source, bool keep) const {
    auto it = modules_.find({source, keep});
    return it == modules_.end() ? nullptr : it->second.get();
  }

  /// Adds `module` compiled from `source` (kept or not) and returns it; the module already there
  /// when there is one. The lock must be held.
  const M* add(const std::string& source, bool keep, std::unique_ptr<M> module) {
    auto [it, added] = modules_.try_emplace({source, keep}, std::move(module));
    return it->second.get();
  }

  /// The module compiled from `source`, compiled by `compile()` (a Result<std::unique_ptr<M>>)
  /// when it is not cached; a failure is not cached (the next run compiles again).
  template <typename Compile>
  Result<const M*> get(const std::string& source, bool keep, Compile compile) {
    std::unique_lock<std::mutex> held = lock();
    if (const M* m = find(source, keep)) return m;
    Result<std::unique_ptr<M>> m = compile();
    TF_TRY(m);
    return add(source, keep, std::move(m).value());
  }

 private:
  ModuleCache() = default;
  std::mutex mutex_;
  std::map<std::pair<std::string, bool>, std::unique_ptr<M>> modules_;
};

}  // namespace tf::cuda
