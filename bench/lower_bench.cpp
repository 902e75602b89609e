// The lowering's speed and growth (docs/benchmarks.md, "lower_bench"): programs of F functions
// of 1,000 bindings each (a chain of add / mul / sub over two (4,) f32 parameters; 1,000 is the
// most one HIR body holds), read once outside the timed loop; each iteration runs the default
// pipeline with verification after each pass and prints the module, as `tf lower` does. The
// baseline in the same run: reading and verifying the same program (`tf check`'s work).
#include <benchmark/benchmark.h>

#include <fmt/format.h>

#include <string>

#include "ir/text/file_reader.h"
#include "ir/text/standard_context.h"
#include "ir/verify/module_verify.h"
#include "lower/pipeline.h"

namespace tf::lower {
namespace {

std::string program(int functions) {
  std::string s = "tfir 1\n";
  for (int f = 0; f < functions; ++f) {
    s += fmt::format("func big{}(x: Tensor[(4,), f32], y: Tensor[(4,), f32]) -> Tensor[(4,), f32] {{\n", f);
    std::string prev = "x";
    for (int i = 0; i < 1000; ++i) {
      s += fmt::format("    t{} = {}({}, y)\n", i, i % 3 == 0 ? "add" : i % 3 == 1 ? "mul" : "sub", prev);
      prev = fmt::format("t{}", i);
    }
    s += fmt::format("    return {}\n}}\n", prev);
  }
  return s;
}

// Argument: functions of 1,000 bindings (1 and 8: 1,000 and 8,000 bindings).
void BM_LowerAndPrint(benchmark::State& state) {
  const Context& ctx = text::standard_context();
  Result<text::ReadFile> f = text::read_file(program(static_cast<int>(state.range(0))), "bench.tfir", ctx);
  if (!f.ok()) return state.SkipWithError("the program does not read");
  for (auto _ : state) {
    Result<std::unique_ptr<PassManager>> pm = make_pipeline(default_pipeline(), {});
    Result<ModuleRef> lowered = (*pm)->run(f->module, ctx);
    if (!lowered.ok()) return state.SkipWithError(lowered.diagnostics().front().render().c_str());
    std::string text = text::print_derived_module(*f, **lowered);
    benchmark::DoNotOptimize(text);
  }
  state.counters["bindings_per_s"] =
      benchmark::Counter(1000.0 * static_cast<double>(state.range(0)), benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK(BM_LowerAndPrint)->Arg(1)->Arg(8)->Unit(benchmark::kMillisecond);

// The baseline: read and verify the same HIR program.
void BM_ReadAndVerify(benchmark::State& state) {
  const Context& ctx = text::standard_context();
  const std::string source = program(static_cast<int>(state.range(0)));
  for (auto _ : state) {
    Result<text::ReadFile> f = text::read_file(source, "bench.tfir", ctx);
    if (!f.ok()) return state.SkipWithError("the program does not read");
    benchmark::DoNotOptimize(verify_module(*f->module, ctx.handlers()));
  }
}
BENCHMARK(BM_ReadAndVerify)->Arg(1)->Arg(8)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace tf::lower

BENCHMARK_MAIN();
