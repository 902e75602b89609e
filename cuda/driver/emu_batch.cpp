#include "cuda/driver/emu_batch.h"

#include <fmt/format.h>

#include <utility>

#include "cuda/emit/cpp_text.h"
#include "cuda/emit/emitter.h"

namespace tf::cuda {

namespace {

// Compiles bodies [begin, end) of `all` as one batch into `out`, halving on a failure.
void compile_range(const std::vector<EmuBatchBody>& all, std::size_t begin, std::size_t end, const BuildOptions& options,
                   bool (*stop_requested)(), EmuBatch& out) {
  if (end - begin < 2) return;  // alone: left for its run
  if (stop_requested != nullptr && stop_requested()) return;
  std::vector<const EmuBatchBody*> bodies;
  for (std::size_t i = begin; i < end; ++i) bodies.push_back(&all[i]);
  Result<std::shared_ptr<LoadedLibrary>> library = LoadedLibrary::build(emu_batch_unit(bodies), EmuModule::toolchain(EmuOptimization::Batch), options);
  if (library.ok()) {
    ++out.libraries;
    const std::shared_ptr<const LoadedLibrary> shared = std::move(library).value();
    for (std::size_t i = begin; i < end; ++i) {
      std::unique_ptr<EmuModule> m = EmuModule::in_library(shared, all[i].prefix);
      if (m->has_entry(all[i].entry)) out.modules[i] = std::move(m);  // else: left for its run, which reports it
    }
    return;
  }
  ++out.failures;
  if (library.diagnostics().front().category == DiagCategory::Usage) return;  // no scratch folder: no half would fare better
  const std::size_t middle = begin + (end - begin) / 2;
  compile_range(all, begin, middle, options, stop_requested, out);
  compile_range(all, middle, end, options, stop_requested, out);
}

}  // namespace

Result<EmuBatchBody> emu_batch_body(const Module& module, const std::string& entry, std::size_t k) {
  const std::string ns = detail::batch_namespace(k);
  Result<std::string> text = emit_module(module, EmitOptions{ns});
  TF_TRY(text);
  return EmuBatchBody{std::move(text).value(), detail::symbol_prefix(ns), entry};
}

std::string emu_batch_unit(const std::vector<const EmuBatchBody*>& bodies) {
  std::string unit = fmt::format(
      "// A batch of {} emitted modules for the host emulation (cuda/driver/emu_batch.h): the runtime once, then\n"
      "// each module in a namespace of its own, its extern \"C\" symbols prefixed with that namespace.\n"
      "#include \"cuda/runtime/tf_runtime.h\"\n\n",
      bodies.size());
  for (const EmuBatchBody* b : bodies) unit += b->text;
  return unit;
}

EmuBatch compile_emu_batch(const std::vector<EmuBatchBody>& bodies, const BuildOptions& options, bool (*stop_requested)()) {
  EmuBatch out;
  out.modules.resize(bodies.size());
  BuildOptions batch = options;
  batch.keep = false;         // members share one library; nothing to hand to a reader
  batch.keep_failed = false;  // a failed batch is halved, and a member alone fails at its run, kept there
  compile_range(bodies, 0, bodies.size(), batch, stop_requested, out);
  return out;
}

}  // namespace tf::cuda
