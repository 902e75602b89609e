// The TIR machine model's speed (docs/benchmarks.md, "TIR machine model"): a 1M-element
// elementwise kernel of 256 threads per CTA (each thread adding its own 256-element run), with
// race detection on and off, against a plain C++ loop computing the same sums in the same run;
// a grid of threads reading one shared weight whole (race detection on and off); and a
// 128x128x128 bf16 GEMM over the SM80 atom with 4 warps per CTA. Reported: time,
// thread-statements per second.
#include <benchmark/benchmark.h>

#include "bench/plain_loop.h"

#include <fmt/format.h>

#include <random>
#include <vector>

#include "eval/hir/eval_tables.h"
#include "eval/tir/test/kernel_text.h"
#include "eval/tir/tir_evaluator.h"
#include "eval/value/allocator_reuse.h"
#include "eval/value/tensor.h"
#include "eval/value/tensor_convert.h"
#include "ir/text/file_reader.h"
#include "ir/verify/module_verify.h"

namespace tf::eval::tir {
namespace {

constexpr std::int64_t kSize = 1 << 20;

Tensor random_tensor(DType dtype, Shape shape, std::uint32_t seed, bool small_integers) {
  Tensor t = Tensor::make(dtype, std::move(shape));
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> real(-1.0f, 1.0f);
  std::uniform_int_distribution<int> integer(-4, 4);
  std::vector<float> v(static_cast<std::size_t>(t.size()));
  for (float& x : v) x = small_integers ? static_cast<float>(integer(rng)) : real(rng);
  return from_f32(dtype, t.shape(), v);
}

struct Loaded {
  std::unique_ptr<text::ReadFile> file;
  const tf::tir::PrimFunction* fn = nullptr;
};

Loaded load(const std::string& source, const char* name) {
  Result<text::ReadFile> f = text::read_file(source, "bench.tfir", eval_context());
  if (!f.ok() || has_error(verify_module(*f->module, eval_context().handlers()))) std::abort();
  Loaded l;
  l.file = std::make_unique<text::ReadFile>(std::move(f).value());
  l.fn = l.file->module->lookup(name)->get()->as<tf::tir::PrimFunction>();
  return l;
}

// Times one evaluation of `kernel` per iteration and reports thread-statements per second.
void run_kernel(benchmark::State& state, const Loaded& kernel, const std::vector<Tensor>& inputs,
                const TirEvalOptions& options) {
  std::int64_t statements = 0;
  for (auto _ : state) {
    Result<TirRun> r = evaluate_prim_function(*kernel.file->module, *kernel.fn, inputs, options);
    if (!r.ok()) state.SkipWithError(r.diagnostics().front().render().c_str());
    statements = r.ok() ? r->thread_statements : 0;
    benchmark::DoNotOptimize(r);
  }
  state.counters["thread_statements_per_s"] =
      benchmark::Counter(static_cast<double>(statements), benchmark::Counter::kIsIterationInvariantRate);
}

// Arguments: race detection (1 on, 0 off) and elements per thread (256: 16 CTAs of 256 threads;
// 4096: one CTA of 256 threads, the per-thread costs spread over 16 times more elements).
void BM_TirElementwiseAdd(benchmark::State& state) {
  static const Loaded small_tiles = load(testing::tiled_add_text(kSize, 256, 256), "add");
  static const Loaded large_tiles = load(testing::tiled_add_text(kSize, 256, 4096), "add");
  const Tensor a = random_tensor(DType::f32(), {kSize}, 1, false), b = random_tensor(DType::f32(), {kSize}, 2, false);
  TirEvalOptions options;
  options.check_races = state.range(0) != 0;
  run_kernel(state, state.range(1) == 256 ? small_tiles : large_tiles, {a, b}, options);
  state.SetLabel(fmt::format("race detection {}, {} elements per thread", options.check_races ? "on" : "off",
                             state.range(1)));
}
BENCHMARK(BM_TirElementwiseAdd)->Args({1, 256})->Args({0, 256})->Args({1, 4096})->Args({0, 4096})->Unit(benchmark::kMillisecond);

// The baseline: the same 1M sums in a plain C++ loop over the f32 buffers.
void BM_PlainLoopAdd(benchmark::State& state) {
  const Tensor a = random_tensor(DType::f32(), {kSize}, 1, false), b = random_tensor(DType::f32(), {kSize}, 2, false);
  bench::time_plain_add(state, a.data<float>(), b.data<float>(), kSize);
}
BENCHMARK(BM_PlainLoopAdd)->Unit(benchmark::kMillisecond);

// Every thread reads one shared operand whole: 4 CTAs x 256 threads each scale their own row of
// a 1024 x 1024 f32 tensor by the same 1024-element weight in global memory, with race detection
// on and off. Each weight element is read by all 1,024 threads between two barriers, so its race
// state is a read set of 1,024 concurrent readers (one run of consecutive threads,
// race_detector.h): the cost of detection over the same statements without it.
constexpr const char* kSharedWeightKernel = R"(tfir 1
mesh rows = Mesh((Topology("cta", 4), Topology("thread", 256)), Layout((4, 256), (256, 1)), names=("c", "t"))
layout one_row = ShardLayout(layout=Layout((4, 256, 1, 1024), (0, 0, 1024, 1)), attrs=(S(0), S(1)), mesh=rows)

prim_func scale(x: Tensor[(1024, 1024), f32], w: Tensor[(1024,), f32], out: Tensor[(1024, 1024), f32]) outputs=1 target=cuda {
    with rows as p {
        let xs = tensor_view(x, layout=one_row)
        let ys = tensor_view(out, layout=one_row)
        binary(xs, w, ys, kind=mul)
    }
}
)";

void BM_TirSharedWeightRows(benchmark::State& state) {
  static const Loaded kernel = load(kSharedWeightKernel, "scale");
  const Tensor x = random_tensor(DType::f32(), {1024, 1024}, 5, false), w = random_tensor(DType::f32(), {1024}, 6, false);
  TirEvalOptions options;
  options.check_races = state.range(0) != 0;
  run_kernel(state, kernel, {x, w}, options);
  state.SetLabel(fmt::format("race detection {}", options.check_races ? "on" : "off"));
}
BENCHMARK(BM_TirSharedWeightRows)->Arg(1)->Arg(0)->Unit(benchmark::kMillisecond);

void BM_TirGemm128(benchmark::State& state) {
  static const Loaded kernel = load(testing::tiled_gemm_text(128, 128, 128), "gemm");
  const Tensor a = random_tensor(DType::bf16(), {128, 128}, 3, true), b = random_tensor(DType::bf16(), {128, 128}, 4, true);
  run_kernel(state, kernel, {a, b}, TirEvalOptions{});
}
BENCHMARK(BM_TirGemm128)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace tf::eval::tir

// As in tf: freed buffers stay in the process for the next evaluation (allocator_reuse.h).
int main(int argc, char** argv) {
  tf::eval::keep_freed_memory_for_reuse();
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
