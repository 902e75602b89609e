#include "cuda/driver/prefetch.h"

#include <algorithm>
#include <thread>
#include <utility>
#include <vector>

#include "cuda/driver/emu_module.h"
#include "cuda/driver/gpu_module.h"
#include "cuda/driver/module_batch.h"
#include "cuda/driver/module_cache.h"

namespace tf::cuda {

namespace {

thread_local CompileCollector* g_current = nullptr;

// The members of one batch: their bodies, and the compiles they stand for.
struct PendingBatch {
  std::vector<BatchBody> bodies;
  std::vector<const CollectedCompile*> members;
};

// `pending` split into `batches` balanced runs (65 members in two batches are 33 and 32, not 64
// and a lone one), each member's body made; a member whose body is not emitted is left (its run
// emits it, and reports what goes wrong, again).
std::vector<PendingBatch> split(const std::vector<const CollectedCompile*>& pending, std::size_t batches, PrefetchReport& report) {
  std::vector<PendingBatch> out(batches);
  std::size_t begin = 0;
  for (std::size_t b = 0; b < batches; ++b) {
    const std::size_t end = begin + (pending.size() - begin) / (batches - b);
    for (std::size_t i = begin; i < end; ++i) {
      Result<BatchBody> body = batch_body(*pending[i]->module, pending[i]->entry, out[b].bodies.size());
      if (!body.ok()) {
        ++report.left;
        continue;
      }
      out[b].bodies.push_back(std::move(body).value());
      out[b].members.push_back(pending[i]);
    }
    begin = end;
  }
  return out;
}

// Adds what `batch` compiled for `pending`'s members to `cache` (held) and counts it.
template <typename M>
void add_members(ModuleCache<M>& cache, const PendingBatch& pending, ModuleBatch<M>& batch, PrefetchReport& report) {
  report.libraries += batch.libraries;
  report.failures += batch.failures;
  for (std::size_t i = 0; i < pending.members.size(); ++i) {
    if (batch.modules[i] == nullptr) {
      ++report.left;
      continue;
    }
    cache.add(pending.members[i]->source, false, std::move(batch.modules[i]));
    ++report.compiled;
  }
}

// The compiles of `collector` for one backend that `cache` does not hold.
template <typename M>
std::vector<const CollectedCompile*> not_cached(const CompileCollector& collector, bool gpu, ModuleCache<M>& cache, PrefetchReport& report) {
  std::vector<const CollectedCompile*> pending;
  std::unique_lock<std::mutex> held = cache.lock();
  for (const CollectedCompile& c : collector.collected()) {
    if (c.gpu != gpu) continue;
    if (cache.find(c.source, false) != nullptr)
      ++report.cached;
    else
      pending.push_back(&c);
  }
  return pending;
}

// The emulation's batches, one after another under the cache's lock (the design note).
void prefetch_emulation(const CompileCollector& collector, const BackendOptions& options, std::size_t batch_size, PrefetchReport& report) {
  ModuleCache<EmuModule>& cache = ModuleCache<EmuModule>::instance();
  const std::vector<const CollectedCompile*> pending = not_cached(collector, false, cache, report);
  const BuildOptions build = build_options(options);
  for (const PendingBatch& p : split(pending, (pending.size() + batch_size - 1) / batch_size, report)) {
    if (options.stop_requested != nullptr && options.stop_requested()) {
      report.left += p.members.size();
      continue;
    }
    std::unique_lock<std::mutex> held = cache.lock();  // one batch at a time, as one compile at a time
    ModuleBatch<EmuModule> batch = compile_emu_batch(p.bodies, build);
    add_members(cache, p, batch, report);
  }
}

#ifdef TF_NVCC
// A GPU's batches, one per core side by side (the design note); each thread's batch is added to
// the cache once compiled.
void prefetch_gpu(const CompileCollector& collector, const BackendOptions& options, std::size_t batch_size, PrefetchReport& report) {
  ModuleCache<GpuModule>& cache = ModuleCache<GpuModule>::instance();
  const std::vector<const CollectedCompile*> pending = not_cached(collector, true, cache, report);
  if (pending.empty()) return;
  if (!GpuModule::arch_flags().ok()) {  // a TF_CUDA_ARCH that names nothing: each run reports it
    report.left += pending.size();
    return;
  }
  const std::size_t jobs = std::max(1u, std::thread::hardware_concurrency());
  const std::size_t share = std::max<std::size_t>(2, (pending.size() + jobs - 1) / jobs);
  const std::size_t size = std::min(batch_size, share);
  std::vector<PendingBatch> batches = split(pending, (pending.size() + size - 1) / size, report);
  const BuildOptions build = build_options(options);
  std::vector<ModuleBatch<GpuModule>> compiled(batches.size());
  std::vector<std::thread> workers;
  for (std::size_t b = 0; b < batches.size(); ++b)
    workers.emplace_back([&, b] { compiled[b] = compile_gpu_batch(batches[b].bodies, TF_NVCC, build); });
  for (std::thread& w : workers) w.join();
  std::unique_lock<std::mutex> held = cache.lock();
  for (std::size_t b = 0; b < batches.size(); ++b) add_members(cache, batches[b], compiled[b], report);
}
#endif

}  // namespace

CompileCollector::CompileCollector() : previous_(g_current) { g_current = this; }

CompileCollector::~CompileCollector() { g_current = previous_; }

CompileCollector* CompileCollector::current() { return g_current; }

void CompileCollector::add(CollectedCompile c) {
  ++runs_;
  std::unordered_set<std::string_view>& seen = sources_[c.gpu ? 1 : 0];
  if (seen.count(c.source) != 0) return;
  collected_.push_back(std::move(c));
  seen.insert(collected_.back().source);
}

Diagnostic collected_outcome() { return category_error(DiagCategory::Usage, kCollectedMessage); }

bool is_collected(const Diagnostic& d) { return d.category == DiagCategory::Usage && d.rule_id.empty() && d.message == kCollectedMessage; }

bool is_collected(const Result<bool>& r) { return !r.ok() && is_collected(r.diagnostics().front()); }

bool collecting() { return g_current != nullptr; }

PrefetchReport prefetch_collected(const CompileCollector& collector, const BackendOptions& options, std::size_t batch_size) {
  PrefetchReport report;
  report.collected = collector.collected().size();
  batch_size = std::max<std::size_t>(batch_size, 2);
  prefetch_emulation(collector, options, batch_size, report);
#ifdef TF_NVCC
  prefetch_gpu(collector, options, batch_size, report);
#endif
  return report;
}

std::function<void(const std::function<void()>& collect)> backend_prefetch(BackendOptions options) {
  return [options = std::move(options)](const std::function<void()>& collect) {
    CompileCollector collector;
    collect();
    prefetch_collected(collector, options);
  };
}

}  // namespace tf::cuda
