// The host emulation's speed (docs/benchmarks.md, "CUDA backend"): the 1M-element elementwise
// kernel of the TIR machine model's benchmark (16 CTAs of 256 threads, 256 elements each; and
// one CTA of 256 threads, 4,096 each), emitted and run under cuda/emu, against a plain C++ loop
// and the machine model on the same kernel in the same run; and the compile times of one kernel
// with g++ (the emulation) and with nvcc (compile only, when the toolkit is there); and the
// 128^3 bf16 GEMM over the SM80 atom under the emulation against the machine model.
#include <benchmark/benchmark.h>

#include "bench/plain_loop.h"

#include <fmt/format.h>

#include <random>
#include <vector>

#include "cuda/driver/backend_run.h"
#include "cuda/driver/emu_module.h"
#include "cuda/driver/nvcc.h"
#include "cuda/emit/emitter.h"
#include "eval/hir/eval_tables.h"
#include "eval/tir/test/kernel_text.h"
#include "eval/tir/tir_evaluator.h"
#include "eval/value/tensor_convert.h"
#include "ir/text/file_reader.h"
#include "ir/tir/prim_function.h"
#include "lower/host_entry.h"

namespace tf::cuda {
namespace {

constexpr std::int64_t kSize = 1 << 20;

eval::Tensor random_tensor(std::uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> real(-1.0f, 1.0f);
  std::vector<float> v(static_cast<std::size_t>(kSize));
  for (float& x : v) x = real(rng);
  return eval::from_f32(DType::f32(), {kSize}, v);
}

const text::ReadFile& kernel(std::int64_t per_thread) {
  static std::map<std::int64_t, std::unique_ptr<text::ReadFile>> files;
  std::unique_ptr<text::ReadFile>& f = files[per_thread];
  if (!f) {
    Result<text::ReadFile> r = text::read_file(eval::tir::testing::tiled_add_text(kSize, 256, per_thread), "add.tfir", eval::eval_context());
    if (!r.ok()) std::abort();
    f = std::make_unique<text::ReadFile>(std::move(r).value());
  }
  return *f;
}

// Argument: elements per thread (256: 16 CTAs; 4096: one CTA). The first run compiles; the
// timed ones reuse the loaded module.
void BM_EmuElementwiseAdd(benchmark::State& state) {
  const text::ReadFile& f = kernel(state.range(0));
  std::vector<eval::Tensor> inputs{random_tensor(1), random_tensor(2)};
  std::vector<eval::Tensor> outputs{eval::Tensor::make(DType::f32(), {kSize})};
  if (!run_emulated(*f.module, "add", eval::eval_context(), inputs, outputs).ok()) std::abort();  // compile outside the timing
  for (auto _ : state) {
    Result<bool> r = run_emulated(*f.module, "add", eval::eval_context(), inputs, outputs);
    if (!r.ok()) state.SkipWithError(r.diagnostics().front().render().c_str());
    benchmark::DoNotOptimize(outputs[0].mutable_bytes().data());
  }
  state.SetLabel(fmt::format("{} elements per thread", state.range(0)));
}
BENCHMARK(BM_EmuElementwiseAdd)->Arg(256)->Arg(4096)->Unit(benchmark::kMillisecond);

// The machine model on the same kernel (race detection on, as tf eval runs it).
void BM_MachineModelElementwiseAdd(benchmark::State& state) {
  const text::ReadFile& f = kernel(state.range(0));
  const auto* fn = function_as<tir::PrimFunction>(f.module->find("add"));
  const std::vector<eval::Tensor> inputs{random_tensor(1), random_tensor(2)};
  for (auto _ : state) {
    Result<eval::tir::TirRun> r = eval::tir::evaluate_prim_function(*f.module, *fn, inputs, {});
    if (!r.ok()) state.SkipWithError(r.diagnostics().front().render().c_str());
    benchmark::DoNotOptimize(r);
  }
  state.SetLabel(fmt::format("{} elements per thread", state.range(0)));
}
BENCHMARK(BM_MachineModelElementwiseAdd)->Arg(256)->Arg(4096)->Unit(benchmark::kMillisecond);

// The baseline: the same 1M sums in a plain C++ loop.
void BM_PlainLoopAdd(benchmark::State& state) {
  const eval::Tensor a = random_tensor(1), b = random_tensor(2);
  bench::time_plain_add(state, a.data<float>(), b.data<float>(), kSize);
}
BENCHMARK(BM_PlainLoopAdd)->Unit(benchmark::kMillisecond);

// The 128^3 bf16 GEMM over the SM80 atom (eval/tir/test/kernel_text.h: 2 x 2 CTAs of four warps,
// operands staged through shared memory, 8 MMAs along K per 16 x 8 tile), on integer inputs.
const text::ReadFile& gemm_kernel() {
  static const std::unique_ptr<text::ReadFile> f = [] {
    Result<text::ReadFile> r = text::read_file(eval::tir::testing::tiled_gemm_text(128, 128, 128), "gemm.tfir", eval::eval_context());
    if (!r.ok()) {
      fmt::print(stderr, "{}\n", r.diagnostics().front().render());
      std::abort();
    }
    return std::make_unique<text::ReadFile>(std::move(r).value());
  }();
  return *f;
}

std::vector<eval::Tensor> gemm_inputs() {
  std::mt19937 rng(7);
  std::uniform_int_distribution<int> small(-4, 4);
  std::vector<float> a(128 * 128), b(128 * 128);
  for (float& x : a) x = static_cast<float>(small(rng));
  for (float& x : b) x = static_cast<float>(small(rng));
  return {eval::from_f32(DType::bf16(), {128, 128}, a), eval::from_f32(DType::bf16(), {128, 128}, b)};
}

void BM_EmuGemm128(benchmark::State& state) {
  const text::ReadFile& f = gemm_kernel();
  std::vector<eval::Tensor> inputs = gemm_inputs();
  std::vector<eval::Tensor> outputs{eval::Tensor::make(DType::f32(), {128, 128})};
  if (Result<bool> first = run_emulated(*f.module, "gemm", eval::eval_context(), inputs, outputs); !first.ok()) {  // compiles
    state.SkipWithError(first.diagnostics().front().render().c_str());
    return;
  }
  for (auto _ : state) {
    Result<bool> r = run_emulated(*f.module, "gemm", eval::eval_context(), inputs, outputs);
    if (!r.ok()) state.SkipWithError(r.diagnostics().front().render().c_str());
    benchmark::DoNotOptimize(outputs[0].mutable_bytes().data());
  }
}
BENCHMARK(BM_EmuGemm128)->Unit(benchmark::kMillisecond);

void BM_MachineModelGemm128(benchmark::State& state) {
  const text::ReadFile& f = gemm_kernel();
  const auto* fn = function_as<tir::PrimFunction>(f.module->find("gemm"));
  const std::vector<eval::Tensor> inputs = gemm_inputs();
  for (auto _ : state) {
    Result<eval::tir::TirRun> r = eval::tir::evaluate_prim_function(*f.module, *fn, inputs, {});
    if (!r.ok()) state.SkipWithError(r.diagnostics().front().render().c_str());
    benchmark::DoNotOptimize(r);
  }
}
BENCHMARK(BM_MachineModelGemm128)->Unit(benchmark::kMillisecond);

// The emitted source of the 16-CTA kernel with its host entry.
std::string kernel_source() {
  const text::ReadFile& f = kernel(256);
  Result<ModuleRef> with_entry = lower::HostEntryPass().run(f.module, eval::eval_context());
  if (!with_entry.ok()) std::abort();
  Result<std::string> s = emit_module(**with_entry);
  if (!s.ok()) std::abort();
  return *s;
}

void BM_GxxCompileOneKernel(benchmark::State& state) {
  const std::string source = kernel_source();
  if (!EmuModule::compile(source).ok()) std::abort();  // the runtime's precompiled header, built once per process
  for (auto _ : state) {
    Result<std::unique_ptr<EmuModule>> m = EmuModule::compile(source);
    if (!m.ok()) state.SkipWithError("g++ failed");
    benchmark::DoNotOptimize(m);
  }
}
BENCHMARK(BM_GxxCompileOneKernel)->Unit(benchmark::kMillisecond)->Iterations(3);

#ifdef TF_NVCC
void BM_NvccCompileOneKernel(benchmark::State& state) {
  const std::string source = kernel_source();
  for (auto _ : state) {
    Result<std::string> ptx = compile_with_nvcc(source, TF_NVCC, "sm_90");
    if (!ptx.ok()) state.SkipWithError("nvcc failed");
    benchmark::DoNotOptimize(ptx);
  }
}
BENCHMARK(BM_NvccCompileOneKernel)->Unit(benchmark::kMillisecond)->Iterations(3);
#endif

}  // namespace
}  // namespace tf::cuda

BENCHMARK_MAIN();
