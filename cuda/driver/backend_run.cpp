#include "cuda/driver/backend_run.h"

#include <dlfcn.h>
#include <fmt/format.h>

#include <map>
#include <memory>
#include <mutex>

#include "cuda/driver/emu_module.h"
#include "cuda/driver/gpu_module.h"
#include "cuda/emit/emitter.h"
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
    const auto* fn = dynamic_cast<const tir::PrimFunction*>(f.get());
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

// Compiled modules by source, kept loaded for the life of the process (M: EmuModule, GpuModule).
template <typename M, typename Compile>
Result<const M*> compiled(const std::string& source, Compile compile) {
  static std::mutex mutex;
  static auto* cache = new std::map<std::string, std::unique_ptr<M>>();  // never destroyed
  std::lock_guard<std::mutex> lock(mutex);
  auto it = cache->find(source);
  if (it != cache->end()) return it->second.get();
  Result<std::unique_ptr<M>> m = compile(source);
  TF_TRY(m);
  const M* out = m->get();
  cache->emplace(source, std::move(m).value());
  return out;
}

// What a run needs: the emitted translation unit and the host entry to call.
struct Emitted {
  std::string source;
  std::string entry;
};

Result<Emitted> emit_for_run(const Module& module, const std::string& function, const Context& ctx) {
  const auto* fn = dynamic_cast<const tir::PrimFunction*>(module.find(function));
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
  return Emitted{std::move(source).value(), entry};
}

// The buffers (inputs, then outputs) and their extents and sizes.
struct Buffers {
  std::vector<void*> data;
  std::vector<std::size_t> bytes;
  std::vector<std::vector<std::int64_t>> shapes;
};

Buffers buffers_of(std::vector<eval::Tensor>& inputs, std::vector<eval::Tensor>& outputs) {
  Buffers b;
  for (std::vector<eval::Tensor>* group : {&inputs, &outputs})
    for (eval::Tensor& t : *group) {
      b.data.push_back(t.mutable_bytes().data());
      b.bytes.push_back(t.mutable_bytes().size());
      b.shapes.emplace_back(t.shape().begin(), t.shape().end());
    }
  return b;
}

#ifdef TF_NVCC
Result<std::unique_ptr<GpuModule>> compile_for_gpu(const std::string& source) { return GpuModule::compile(source, TF_NVCC); }
#endif

}  // namespace

Result<bool> run_emulated(const Module& module, const std::string& function, const Context& ctx,
                          std::vector<eval::Tensor>& inputs, std::vector<eval::Tensor>& outputs) {
  Result<Emitted> e = emit_for_run(module, function, ctx);
  TF_TRY(e);
  Result<const EmuModule*> m = compiled<EmuModule>(e->source, &EmuModule::compile);
  TF_TRY(m);
  Buffers b = buffers_of(inputs, outputs);
  return (*m)->run(e->entry, b.data, b.shapes);
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
    Result<const GpuModule*> probe = compiled<GpuModule>("#include \"cuda/runtime/tf_runtime.h\"\n", &compile_for_gpu);
    return probe.ok() ? (*probe)->devices() : 0;
  }();
  return devices;
#else
  return 0;
#endif
}

Result<bool> run_on_gpu(const Module& module, const std::string& function, const Context& ctx,
                        std::vector<eval::Tensor>& inputs, std::vector<eval::Tensor>& outputs) {
#ifdef TF_NVCC
  if (gpu_devices() == 0)
    return category_error(DiagCategory::Eval, "no CUDA device is visible (--backend emu runs the same source on the CPU)");
  Result<Emitted> e = emit_for_run(module, function, ctx);
  TF_TRY(e);
  Result<const GpuModule*> m = compiled<GpuModule>(e->source, &compile_for_gpu);
  TF_TRY(m);
  Buffers b = buffers_of(inputs, outputs);
  return (*m)->run(e->entry, b.data, b.bytes, b.shapes);
#else
  return category_error(DiagCategory::Usage, "this build found no nvcc: the GPU backend is not built (--backend emu runs the same source on the CPU)");
#endif
}

}  // namespace tf::cuda
