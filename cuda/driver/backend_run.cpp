#include "cuda/driver/backend_run.h"

#include <dlfcn.h>
#include <fmt/format.h>

#include <memory>
#include <optional>

#include "cuda/driver/emu_module.h"
#include "cuda/driver/gpu_module.h"
#include "cuda/driver/launch_plan.h"
#include "cuda/driver/module_cache.h"
#include "cuda/driver/planes_buffer.h"
#include "cuda/driver/prefetch.h"
#include "cuda/emit/emitter.h"
#include "eval/value/memory_budget.h"
#include "ir/core/symbol_ref.h"
#include "ir/tir/evaluate.h"
#include "ir/tir/prim_function.h"
#include "lower/host_entry.h"
#include "lower/pipeline.h"

namespace tf::cuda {

namespace {

// The host entry of `module` that launches device function `kernel`, if any.
const tir::PrimFunction* entry_launching(const Module& module, const std::string& kernel) {
  for (const FunctionRef& f : module.functions()) {
    const auto* fn = f->as<tir::PrimFunction>();
    if (fn == nullptr || fn->target() == tir::Target::Cuda) continue;
    for (const tir::Stmt& s : fn->body()->body) {
      const auto* ev = s->as<tir::Evaluate>();
      if (ev == nullptr || !ev->is_op() || ev->call().args.empty()) continue;
      const auto* sym = ev->call().args[0]->as<SymbolRef>();
      if (sym != nullptr && sym->name == kernel) return fn;
    }
  }
  return nullptr;
}

// What a run needs: the emitted translation unit, the module it was emitted from (the function,
// what it launches, its host entry) and the host entry to call.
struct Emitted {
  std::string source;
  ModuleRef module;
  std::string entry;
};

Result<Emitted> emit_for_run(const Module& module, const std::string& function, const Context& ctx) {
  const auto* fn = function_as<tir::PrimFunction>(module.find(function));
  if (fn == nullptr) return category_error(DiagCategory::Usage, fmt::format("no TIR function {} to run", function));
  Result<ModuleRef> one = lower::with_callees(module, function);  // the function and what it launches
  TF_TRY(one);
  ModuleRef with_entries = *one;
  std::string entry = function;
  if (fn->target() == tir::Target::Cuda) {  // a device function: through its default host entry
    Result<ModuleRef> m = lower::HostEntryPass().run(with_entries, ctx);
    TF_TRY(m);
    with_entries = *m;
    const tir::PrimFunction* e = entry_launching(*with_entries, function);
    if (e == nullptr) return category_error(DiagCategory::Usage, fmt::format("no host entry launches {}", function));
    entry = e->name();
  }
  Result<std::string> source = emit_module(*with_entries);
  TF_TRY(source);
  return Emitted{std::move(source).value(), with_entries, entry};
}

// The launches the emitted entry will make on `shapes`, each checked with the machine model's
// launch validator (launch_plan.h).
Result<LaunchPlan> checked_launches(const Emitted& e, const std::vector<std::vector<std::int64_t>>& shapes) {
  const auto* entry = function_as<tir::PrimFunction>(e.module->find(e.entry));
  if (entry == nullptr) return LaunchPlan{};
  return plan_launches(*e.module, *entry, shapes);
}

// A compile that failed because Ctrl-C reached the compiler too reads as the interruption.
Diagnostic compile_failure(Diagnostic d, const BackendOptions& o) {
  if (o.stop_requested != nullptr && o.stop_requested()) return category_error(DiagCategory::Eval, "interrupted (Ctrl-C)");
  return d;
}

// What the emulation reported, placed at the launch that reported it (or the abort the entry
// returned); the plan holds the launches in the order the entry makes them.
Diagnostic placed(Diagnostic d, const emu::EmuBudget& budget, const LaunchPlan& plan) {
  const tir::StmtNode* at = nullptr;
  if (budget.failed_launch >= 1 && static_cast<std::size_t>(budget.failed_launch) <= plan.launches.size()) {
    const PlannedLaunch& l = plan.launches[static_cast<std::size_t>(budget.failed_launch - 1)];
    at = l.site->loc() ? l.site : l.kernel;  // an implicit launch (a device function run directly): its kernel
  } else if (budget.failed_launch == 0 && plan.abort != nullptr && d.message.starts_with("under the emulation: abort")) {
    at = plan.abort;
  }
  if (at != nullptr && at->loc() && !d.location.known()) d.location = *at->loc();
  return d;
}

// The emulation's budget for one run (BackendOptions): steps, the Ctrl-C flag, and its memory
// charged to the account of the caller's memory scope.
struct RunBudget {
  explicit RunBudget(const BackendOptions& o) {
    if (!eval::MemoryBudgetScope::active()) scope.emplace(o.limits.memory_bytes());
    account = eval::charge_memory(0);
    budget.max_steps = o.limits.steps();
    budget.reserve = [](std::int64_t bytes, const std::string& what) -> std::string {
      try {
        eval::charge_memory(bytes);
        return {};
      } catch (const eval::MemoryBudgetExceeded& e) {
        return fmt::format("{}: {} bytes requested with {} live, over the memory budget of {} bytes (--max-memory)", what, e.requested,
                           e.live, e.limit);
      }
    };
    budget.release = [a = account](std::int64_t bytes) {
      if (a) a->live -= bytes;
    };
    if (o.stop_requested != nullptr) budget.stop_requested = o.stop_requested;
  }
  std::optional<eval::MemoryBudgetScope> scope;
  std::shared_ptr<eval::MemoryAccount> account;
  emu::EmuBudget budget;
};

// The buffers (inputs, then outputs) and their extents and sizes; a block-scaled tensor's is a
// staged planes buffer (planes_buffer.h), read back into the output by unstage.
struct Buffers {
  std::vector<void*> data;
  std::vector<std::size_t> bytes;
  std::vector<std::vector<std::int64_t>> shapes;
  std::vector<std::pair<eval::Tensor*, std::vector<unsigned char>>> staged;
};

Buffers buffers_of(std::vector<eval::Tensor>& inputs, std::vector<eval::Tensor>& outputs) {
  Buffers b;
  b.staged.reserve(inputs.size() + outputs.size());  // data points into the staged vectors: no reallocation
  for (std::vector<eval::Tensor>* group : {&inputs, &outputs})
    for (eval::Tensor& t : *group) {
      if (t.is_block_scaled()) {
        std::vector<unsigned char>& planes = b.staged.emplace_back(&t, planes_buffer(t)).second;
        b.data.push_back(planes.data());
        b.bytes.push_back(planes.size());
      } else {
        b.data.push_back(t.mutable_bytes().data());
        b.bytes.push_back(t.mutable_bytes().size());
      }
      b.shapes.emplace_back(t.shape().begin(), t.shape().end());
    }
  return b;
}

// The block-scaled tensors' planes as the run left them.
void unstage(Buffers& b) {
  for (auto& [t, planes] : b.staged) *t = from_planes_buffer(*t, planes);
}

}  // namespace

BuildOptions build_options(const BackendOptions& options) {
  BuildOptions b;
  b.keep = options.keep_files;
  b.cache_dir = options.cache_dir;
  b.on_compile = options.on_compile;
  b.stop_requested = options.stop_requested;
  return b;
}

Result<bool> run_emulated(const Module& module, const std::string& function, const Context& ctx,
                          std::vector<eval::Tensor>& inputs, std::vector<eval::Tensor>& outputs, const BackendOptions& options) {
  Result<Emitted> e = emit_for_run(module, function, ctx);
  TF_TRY(e);
  Buffers b = buffers_of(inputs, outputs);
  Result<LaunchPlan> plan = checked_launches(*e, b.shapes);
  TF_TRY(plan);
  if (CompileCollector* collector = CompileCollector::current()) {  // collected, not run (prefetch.h)
    collector->add(CollectedCompile{e->source, e->module, e->entry});
    return collected_outcome();
  }
  Result<const EmuModule*> m = ModuleCache<EmuModule>::instance().get(
      e->source, options.keep_files, [&] { return EmuModule::compile(e->source, build_options(options)); });
  if (!m.ok()) return compile_failure(m.diagnostics().front(), options);
  if (options.kept_dir != nullptr) *options.kept_dir = (*m)->kept_dir();
  if (options.stop_requested != nullptr && options.stop_requested()) return category_error(DiagCategory::Eval, "interrupted (Ctrl-C)");
  RunBudget budget(options);
  Result<bool> ran = (*m)->run(e->entry, b.data, b.shapes, &budget.budget);
  if (!ran.ok()) return placed(ran.diagnostics().front(), budget.budget, *plan);
  unstage(b);
  return ran;
}

Result<std::string> emitted_source(const Module& module, const std::string& function, const Context& ctx) {
  Result<Emitted> e = emit_for_run(module, function, ctx);
  TF_TRY(e);
  return std::move(e->source);
}

bool gpu_backend_built() {
#ifdef TF_NVCC
  return true;
#else
  return false;
#endif
}

int gpu_devices() {
#ifdef TF_NVCC
  static const int devices = [] {
    void* driver = ::dlopen("libcuda.so.1", RTLD_LAZY | RTLD_LOCAL);  // no NVIDIA driver: no device
    if (driver == nullptr) return 0;
    ::dlclose(driver);
    const std::string source = "#include \"cuda/runtime/tf_runtime.h\"\n";
    Result<const GpuModule*> probe =
        ModuleCache<GpuModule>::instance().get(source, false, [&] { return GpuModule::compile(source, TF_NVCC, build_options({})); });
    return probe.ok() ? (*probe)->devices() : 0;
  }();
  return devices;
#else
  return 0;
#endif
}

std::string gpu_unavailable() {
  if (!gpu_backend_built()) return "this build found no nvcc: the GPU backend is not built";
  if (gpu_devices() == 0) return "no CUDA device is visible";
  return "";
}

Result<bool> run_on_gpu(const Module& module, const std::string& function, const Context& ctx,
                        std::vector<eval::Tensor>& inputs, std::vector<eval::Tensor>& outputs, const BackendOptions& options) {
#ifdef TF_NVCC
  Result<Emitted> e = emit_for_run(module, function, ctx);
  TF_TRY(e);
  Buffers b = buffers_of(inputs, outputs);
  Result<LaunchPlan> plan = checked_launches(*e, b.shapes);  // refused as the emulation refuses it, device or not
  TF_TRY(plan);
  if (gpu_devices() == 0)
    return category_error(DiagCategory::Eval, "no CUDA device is visible (--backend emu runs the same source on the CPU)");
  if (CompileCollector* collector = CompileCollector::current()) {  // collected, not run (prefetch.h)
    collector->add(CollectedCompile{e->source, e->module, e->entry, true});
    return collected_outcome();
  }
  Result<const GpuModule*> m = ModuleCache<GpuModule>::instance().get(
      e->source, options.keep_files, [&] { return GpuModule::compile(e->source, TF_NVCC, build_options(options)); });
  if (!m.ok()) return compile_failure(m.diagnostics().front(), options);
  if (options.kept_dir != nullptr) *options.kept_dir = (*m)->kept_dir();
  Result<bool> ran = (*m)->run(e->entry, b.data, b.bytes, b.shapes);
  if (ran.ok()) unstage(b);
  return ran;
#else
  (void)options;
  return category_error(DiagCategory::Usage, "this build found no nvcc: the GPU backend is not built (--backend emu runs the same source on the CPU)");
#endif
}

}  // namespace tf::cuda
