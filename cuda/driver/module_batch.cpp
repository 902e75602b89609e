#include "cuda/driver/module_batch.h"

#include <fmt/format.h>

#include <utility>

#include "cuda/emit/cpp_text.h"
#include "cuda/emit/emitter.h"

namespace tf::cuda {

namespace {

// Compiles bodies [begin, end) of `all` as one batch with `toolchain` into `out`, halving on a
// failure.
template <typename M>
void compile_range(const std::vector<BatchBody>& all, std::size_t begin, std::size_t end, const Toolchain& toolchain,
                   const BuildOptions& options, ModuleBatch<M>& out) {
  if (end - begin < 2) return;  // alone: left for its run
  if (options.stop_requested != nullptr && options.stop_requested()) return;
  std::vector<const BatchBody*> bodies;
  for (std::size_t i = begin; i < end; ++i) bodies.push_back(&all[i]);
  Result<std::shared_ptr<LoadedLibrary>> library = LoadedLibrary::build(batch_unit(bodies), toolchain, options);
  if (library.ok()) {
    ++out.libraries;
    const std::shared_ptr<const LoadedLibrary> shared = std::move(library).value();
    for (std::size_t i = begin; i < end; ++i) {
      std::unique_ptr<M> m = M::in_library(shared, all[i].prefix);
      if (m->has_entry(all[i].entry)) out.modules[i] = std::move(m);  // else: left for its run, which reports it
    }
    return;
  }
  ++out.failures;
  if (library.diagnostics().front().category == DiagCategory::Usage) return;  // no scratch folder: no half would fare better
  const std::size_t middle = begin + (end - begin) / 2;
  compile_range(all, begin, middle, toolchain, options, out);
  compile_range(all, middle, end, toolchain, options, out);
}

template <typename M>
ModuleBatch<M> compile_batch(const std::vector<BatchBody>& bodies, const Toolchain& toolchain, const BuildOptions& options) {
  ModuleBatch<M> out;
  out.modules.resize(bodies.size());
  BuildOptions batch = options;
  batch.keep = false;         // members share one library; nothing to hand to a reader
  batch.keep_failed = false;  // a failed batch is halved, and a member alone fails at its run, kept there
  compile_range(bodies, 0, bodies.size(), toolchain, batch, out);
  return out;
}

}  // namespace

Result<BatchBody> batch_body(const Module& module, const std::string& entry, std::size_t k) {
  const std::string ns = detail::batch_namespace(k);
  Result<std::string> text = emit_module(module, EmitOptions{ns});
  TF_TRY(text);
  return BatchBody{std::move(text).value(), detail::symbol_prefix(ns), entry};
}

std::string batch_unit(const std::vector<const BatchBody*>& bodies) {
  std::string unit = fmt::format(
      "// A batch of {} emitted modules (cuda/driver/module_batch.h): the runtime once, then each module in a\n"
      "// namespace of its own, its extern \"C\" symbols prefixed with that namespace.\n"
      "#include \"cuda/runtime/tf_runtime.h\"\n\n",
      bodies.size());
  for (const BatchBody* b : bodies) unit += b->text;
  return unit;
}

ModuleBatch<EmuModule> compile_emu_batch(const std::vector<BatchBody>& bodies, const BuildOptions& options) {
  return compile_batch<EmuModule>(bodies, EmuModule::toolchain(EmuOptimization::Batch), options);
}

ModuleBatch<GpuModule> compile_gpu_batch(const std::vector<BatchBody>& bodies, const std::string& nvcc, const BuildOptions& options) {
  return compile_batch<GpuModule>(bodies, GpuModule::toolchain(nvcc), options);
}

}  // namespace tf::cuda
