#include "tools/gpu_check/gemm_kernel.h"

#include <fmt/format.h>

#include <chrono>
#include <thread>

#include "cuda/driver/backend_run.h"
#include "cuda/driver/gpu_module.h"
#include "driver/ir_session.h"
#include "eval/hir/eval_tables.h"
#include "lower/pipeline.h"
#include "lower/hir_to_tir.h"

namespace tf::gpu_check {

Result<GemmKernel> emit_gemm_kernel(std::int64_t m, std::int64_t n, std::int64_t k) {
  GemmKernel g;
  g.m = m;
  g.n = n;
  g.k = k;
  const std::string text = fmt::format(
      "tfir 1\nfunc f(a: Tensor[({0}, {2}), bf16], b: Tensor[({2}, {1}), bf16]) -> Tensor[({0}, {1}), bf16] {{\n"
      "    c = matmul(a, b)\n    return c\n}}\n",
      m, n, k);
  CheckedFile checked = cli::check_source(text, "gemm.tfir");
  if (!checked.file || has_error(checked.diagnostics())) return checked.diagnostics();
  g.program = std::move(*checked.file);
  // The step measures the tensor-core kernel: a shape the MMA rule refuses (which the grid's
  // streaming matmul would take) is refused here, with the MMA rule's reason.
  Result<std::vector<lower::FunctionStrategy>> strategy = lower::explain_strategies(*g.program.module, eval::eval_context(), true);
  TF_TRY(strategy);
  if (strategy->size() != 1 || strategy->front().choice.strategy != lower::Strategy::Mma) {
    std::string why = "the MMA rule does not apply";
    for (const auto& [passed, reason] : strategy->front().choice.passed_over)
      if (passed == lower::Strategy::Mma) why = reason;
    return category_error(DiagCategory::Usage, fmt::format("the GEMM {} x {} x {} does not take the MMA atom: {}", m, n, k, why));
  }
  Result<std::unique_ptr<lower::PassManager>> pm =
      lower::make_pipeline({"hir-to-tir-mma", "reduce-workspaces", "host-entry", "named-barriers"}, {});
  TF_TRY(pm);
  Result<ModuleRef> lowered = (*pm)->run(g.program.module, eval::eval_context());
  TF_TRY(lowered);
  g.lowered = *lowered;
  Result<std::string> source = cuda::emitted_source(*g.lowered, "f", eval::eval_context());
  TF_TRY(source);
  g.source = *source;
  return g;
}

Result<GemmKernel> build_gemm_kernel(std::int64_t m, std::int64_t n, std::int64_t k, const std::string& nvcc) {
  Result<GemmKernel> emitted = emit_gemm_kernel(m, n, k);
  TF_TRY(emitted);
  GemmKernel g = std::move(emitted).value();
  cuda::BuildOptions options;
  options.cache_dir = std::string();  // the user's disk cache: a second check compiles nothing
  const auto start = std::chrono::steady_clock::now();
  Result<std::shared_ptr<cuda::LoadedLibrary>> lib =
      cuda::LoadedLibrary::build(g.source, cuda::GpuModule::toolchain(nvcc), options);
  TF_TRY(lib);
  g.library = *lib;
  g.compile_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return g;
}

GemmPrefetch::GemmPrefetch(std::int64_t m, std::int64_t n, std::int64_t k, std::string nvcc)
    : k_(k), state_(std::make_shared<State>()) {
  std::thread([state = state_, m, n, k, nvcc = std::move(nvcc)] {
    Result<GemmKernel> built = [&]() -> Result<GemmKernel> {
      try {
        return build_gemm_kernel(m, n, k, nvcc);
      } catch (const std::exception& e) {  // a failed internal check below: the step reports it
        return category_error(DiagCategory::Internal, e.what());
      }
    }();
    std::lock_guard<std::mutex> lock(state->mutex);
    state->result.emplace(std::move(built));
    state->done.notify_all();
  }).detach();
}

GemmPrefetch::~GemmPrefetch() = default;  // the thread holds the state; it ends on its own

const Result<GemmKernel>* GemmPrefetch::wait(double seconds) {
  std::unique_lock<std::mutex> lock(state_->mutex);
  state_->done.wait_for(lock, std::chrono::duration<double>(std::max(0.0, seconds)),
                        [&] { return state_->result.has_value(); });
  return state_->result ? &*state_->result : nullptr;
}

bool GemmPrefetch::running() const {
  std::lock_guard<std::mutex> lock(state_->mutex);
  return !state_->result.has_value();
}

}  // namespace tf::gpu_check
