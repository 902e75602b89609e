#include "cuda/driver/emu_backend.h"

#include <fmt/format.h>

#include <map>
#include <memory>
#include <mutex>

#include "cuda/driver/emu_module.h"
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

// Compiled modules by source, kept loaded for the life of the process.
Result<const EmuModule*> compiled(const std::string& source) {
  static std::mutex mutex;
  static auto* cache = new std::map<std::string, std::unique_ptr<EmuModule>>();  // never destroyed
  std::lock_guard<std::mutex> lock(mutex);
  auto it = cache->find(source);
  if (it != cache->end()) return it->second.get();
  Result<std::unique_ptr<EmuModule>> m = EmuModule::compile(source);
  TF_TRY(m);
  const EmuModule* out = m->get();
  cache->emplace(source, std::move(m).value());
  return out;
}

}  // namespace

Result<bool> run_emulated(const Module& module, const std::string& function, const Context& ctx,
                          std::vector<eval::Tensor>& inputs, std::vector<eval::Tensor>& outputs) {
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
  Result<const EmuModule*> m = compiled(*source);
  TF_TRY(m);
  std::vector<void*> buffers;
  std::vector<std::vector<std::int64_t>> shapes;
  for (std::vector<eval::Tensor>* group : {&inputs, &outputs})
    for (eval::Tensor& t : *group) {
      buffers.push_back(t.mutable_bytes().data());
      shapes.emplace_back(t.shape().begin(), t.shape().end());
    }
  return (*m)->run(entry, buffers, shapes);
}

}  // namespace tf::cuda
