#include "cuda/driver/prefetch.h"

#include <algorithm>
#include <utility>
#include <vector>

#include "cuda/driver/emu_batch.h"
#include "cuda/driver/emu_module.h"
#include "cuda/driver/module_cache.h"

namespace tf::cuda {

namespace {

thread_local CompileCollector* g_current = nullptr;

}  // namespace

CompileCollector::CompileCollector() : previous_(g_current) { g_current = this; }

CompileCollector::~CompileCollector() { g_current = previous_; }

CompileCollector* CompileCollector::current() { return g_current; }

void CompileCollector::add(CollectedCompile c) {
  ++runs_;
  if (sources_.count(c.source) != 0) return;
  collected_.push_back(std::move(c));
  sources_.insert(collected_.back().source);
}

Diagnostic collected_outcome() { return category_error(DiagCategory::Usage, kCollectedMessage); }

bool is_collected(const Diagnostic& d) { return d.category == DiagCategory::Usage && d.rule_id.empty() && d.message == kCollectedMessage; }

bool is_collected(const Result<bool>& r) { return !r.ok() && is_collected(r.diagnostics().front()); }

PrefetchReport prefetch_emulated(const CompileCollector& collector, const BackendOptions& options, std::size_t batch_size) {
  PrefetchReport report;
  report.collected = collector.collected().size();
  batch_size = std::max<std::size_t>(batch_size, 2);
  ModuleCache<EmuModule>& cache = ModuleCache<EmuModule>::instance();
  std::vector<const CollectedCompile*> pending;
  {
    std::unique_lock<std::mutex> held = cache.lock();
    for (const CollectedCompile& c : collector.collected()) {
      if (cache.find(c.source, false) != nullptr)
        ++report.cached;
      else
        pending.push_back(&c);
    }
  }
  // Balanced batches: 65 members are two of 33 and 32, not 64 and a lone one.
  const std::size_t batches = (pending.size() + batch_size - 1) / batch_size;
  const BuildOptions build = build_options(options);
  std::size_t begin = 0;
  for (std::size_t b = 0; b < batches; ++b) {
    const std::size_t end = begin + (pending.size() - begin) / (batches - b);
    if (options.stop_requested != nullptr && options.stop_requested()) {
      report.left += pending.size() - begin;
      break;
    }
    std::unique_lock<std::mutex> held = cache.lock();  // one batch at a time, as one compile at a time
    std::vector<EmuBatchBody> bodies;
    std::vector<const CollectedCompile*> members;
    for (std::size_t i = begin; i < end; ++i) {
      const CollectedCompile& c = *pending[i];
      if (cache.find(c.source, false) != nullptr) {  // compiled since, by another thread's run
        ++report.cached;
        continue;
      }
      Result<EmuBatchBody> body = emu_batch_body(*c.module, c.entry, bodies.size());
      if (!body.ok()) {  // its run emits it (and reports what goes wrong) again
        ++report.left;
        continue;
      }
      bodies.push_back(std::move(body).value());
      members.push_back(&c);
    }
    EmuBatch batch = compile_emu_batch(bodies, build, options.stop_requested);
    report.libraries += batch.libraries;
    report.failures += batch.failures;
    for (std::size_t i = 0; i < members.size(); ++i) {
      if (batch.modules[i] == nullptr) {
        ++report.left;
        continue;
      }
      cache.add(members[i]->source, false, std::move(batch.modules[i]));
      ++report.compiled;
    }
    begin = end;
  }
  return report;
}

std::function<void(const std::function<void()>& collect)> emulated_prefetch(BackendOptions options) {
  return [options = std::move(options)](const std::function<void()>& collect) {
    CompileCollector collector;
    collect();
    prefetch_emulated(collector, options);
  };
}

}  // namespace tf::cuda
