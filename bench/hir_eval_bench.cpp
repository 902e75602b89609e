// The HIR evaluator's speed against Eigen called directly (docs/benchmarks.md "hir_eval_bench").
//
//   BM_HirMatMul_1024        matmul of two f32 (1024, 1024) tensors through evaluate_function
//   BM_EigenGemm_1024        the same Eigen GEMM on row-major maps, into a fresh matrix
//   BM_HirAdd_16M            add of two f32 tensors of 16,777,216 elements through the evaluator
//   BM_EigenAdd_16M          Eigen's `a + b` on array maps into a fresh ArrayXf
//   BM_HirChain_1000         a chain of 1000 adds of one-element tensors: the evaluator's cost
//                            per op node (the `time_per_node` counter)
// Each tfir program is read and verified once, outside the timed loop; every iteration is one
// evaluate_function call (a fresh activation: nothing is memoized across iterations) and
// allocates its result, as the Eigen baselines allocate theirs.
#include <benchmark/benchmark.h>

#include <Eigen/Core>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "eval/hir/eval_tables.h"
#include "eval/hir/evaluator.h"
#include "ir/text/file_reader.h"
#include "ir/verify/module_verify.h"

namespace tf::bench {
namespace {

using RowMajorF32 = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

const OpHandlers& handlers() { return eval::eval_context().handlers(); }

// A program read and verified once; run() evaluates its last function.
class Program {
 public:
  explicit Program(const std::string& source) {
    Result<text::ReadFile> f = text::read_file(source, "bench.tfir", eval::eval_context());
    if (!f.ok()) die(f.diagnostics().front().render());
    file_ = std::move(f).value();
    std::vector<Diagnostic> ds = verify_module(*file_.module, handlers());
    if (has_error(ds)) die(ds.front().render());
    for (const FunctionRef& g : file_.module->functions())
      if (const auto* h = g->as<hir::Function>()) fn_ = h;
    options_.handlers = &handlers();
  }

  eval::Value run(const std::vector<eval::Value>& inputs) const {
    Result<eval::Value> r = eval::evaluate_function(*file_.module, *fn_, inputs, options_);
    if (!r.ok()) die(r.diagnostics().front().render());
    return std::move(r).value();
  }

 private:
  [[noreturn]] static void die(const std::string& message) {
    std::fprintf(stderr, "hir_eval_bench: %s\n", message.c_str());
    std::abort();
  }
  text::ReadFile file_;
  const hir::Function* fn_ = nullptr;
  eval::HirEvalOptions options_;
};

// A tensor of `shape` holding a fixed pattern in [-1, 1) (no denormals, no NaN).
eval::Tensor pattern(eval::Shape shape, unsigned seed) {
  eval::Tensor t = eval::Tensor::make_uninitialized(DType::f32(), std::move(shape));
  float* p = t.mutable_data<float>();
  unsigned s = seed;
  for (std::int64_t i = 0; i < t.size(); ++i) {
    s = s * 1664525u + 1013904223u;
    p[i] = static_cast<float>(s >> 8) * 0x1p-23f - 1.0f;
  }
  return t;
}

constexpr std::int64_t kN = 1024;
constexpr std::int64_t kElements = std::int64_t{1} << 24;
constexpr int kChain = 1000;

void BM_HirMatMul_1024(benchmark::State& state) {
  const Program program(R"(tfir 1
func mm(a: Tensor[(1024, 1024), f32], b: Tensor[(1024, 1024), f32]) -> Tensor[(1024, 1024), f32] {
    c = matmul(a, b)
    return c
}
)");
  const std::vector<eval::Value> inputs = {pattern({kN, kN}, 1), pattern({kN, kN}, 2)};
  for (auto _ : state) {
    eval::Value c = program.run(inputs);
    benchmark::DoNotOptimize(c.tensor().data<float>());
  }
  state.counters["GFLOPS"] = benchmark::Counter(2.0 * kN * kN * kN * state.iterations() / 1e9,
                                                benchmark::Counter::kIsRate);
}
BENCHMARK(BM_HirMatMul_1024)->Unit(benchmark::kMillisecond)->MinTime(2.0);

void BM_EigenGemm_1024(benchmark::State& state) {
  const eval::Tensor a = pattern({kN, kN}, 1), b = pattern({kN, kN}, 2);
  Eigen::Map<const RowMajorF32> x(a.data<float>(), kN, kN), y(b.data<float>(), kN, kN);
  for (auto _ : state) {
    RowMajorF32 c(kN, kN);
    c.noalias() = x * y;
    benchmark::DoNotOptimize(c.data());
  }
  state.counters["GFLOPS"] = benchmark::Counter(2.0 * kN * kN * kN * state.iterations() / 1e9,
                                                benchmark::Counter::kIsRate);
}
BENCHMARK(BM_EigenGemm_1024)->Unit(benchmark::kMillisecond)->MinTime(2.0);

void BM_HirAdd_16M(benchmark::State& state) {
  const Program program(R"(tfir 1
func add16m(a: Tensor[(16777216,), f32], b: Tensor[(16777216,), f32]) -> Tensor[(16777216,), f32] {
    c = add(a, b)
    return c
}
)");
  const std::vector<eval::Value> inputs = {pattern({kElements}, 3), pattern({kElements}, 4)};
  for (auto _ : state) {
    eval::Value c = program.run(inputs);
    benchmark::DoNotOptimize(c.tensor().data<float>());
  }
  state.SetItemsProcessed(state.iterations() * kElements);
}
BENCHMARK(BM_HirAdd_16M)->Unit(benchmark::kMillisecond)->MinTime(2.0);

void BM_EigenAdd_16M(benchmark::State& state) {
  const eval::Tensor a = pattern({kElements}, 3), b = pattern({kElements}, 4);
  Eigen::Map<const Eigen::ArrayXf> x(a.data<float>(), kElements), y(b.data<float>(), kElements);
  for (auto _ : state) {
    Eigen::ArrayXf c = x + y;
    benchmark::DoNotOptimize(c.data());
  }
  state.SetItemsProcessed(state.iterations() * kElements);
}
BENCHMARK(BM_EigenAdd_16M)->Unit(benchmark::kMillisecond)->MinTime(2.0);

std::string chain_program() {
  std::string s = "tfir 1\nfunc chain(x: Tensor[(1,), f32]) -> Tensor[(1,), f32] {\n";
  s += "    v1 = add(x, x)\n";
  for (int i = 2; i <= kChain; ++i)
    s += "    v" + std::to_string(i) + " = add(v" + std::to_string(i - 1) + ", x)\n";
  s += "    return v" + std::to_string(kChain) + "\n}\n";
  return s;
}

void BM_HirChain_1000(benchmark::State& state) {
  const Program program(chain_program());
  const std::vector<eval::Value> inputs = {pattern({1}, 5)};
  for (auto _ : state) {
    eval::Value c = program.run(inputs);
    benchmark::DoNotOptimize(c.tensor().data<float>());
  }
  // Seconds of CPU time per op node, printed with an SI prefix ("850n" = 850 ns).
  state.counters["time_per_node"] = benchmark::Counter(
      static_cast<double>(state.iterations()) * kChain,
      benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}
BENCHMARK(BM_HirChain_1000)->Unit(benchmark::kMicrosecond)->MinTime(2.0);

}  // namespace
}  // namespace tf::bench

BENCHMARK_MAIN();
