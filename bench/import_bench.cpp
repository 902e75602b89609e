// tf import's speed and growth (docs/benchmarks.md, "import_bench"): a printed upstream function
// of S statements (S = 200 and 900; 1,000 is the most one HIR body holds), half of them constants
// whose dtype the importer learns from their partner's type and every tenth value a subscript
// sized by its base's type, so the importer asks the reader for a type at every second line
// (type_probe.h). Each iteration translates and reads it (`tf check file.py`'s work). The
// baseline in the same run: reading the tfir translation itself. The importer's cost is linear
// when the per-statement rate stays flat from S = 200 to S = 900.
#include <benchmark/benchmark.h>

#include <fmt/format.h>

#include <string>

#include "ir/text/file_reader.h"
#include "ir/text/standard_context.h"
#include "ir/upstream/importer.h"

namespace tf::upstream {
namespace {

// A printed function of 2 * pairs statements (the shape of the importer's own long-function
// test: `cK = 0.5`, then an add of it or a subscript).
std::string printed_program(int pairs) {
  std::string py =
      "from tilefoundry import func\nN = DimVar(\"N\", 1, 17)\n"
      "@func\ndef f(\n    x: Tensor[(8, N), \"bf16\"]\n):\n    v0 = neg(x)\n";
  for (int k = 1; k < pairs; ++k) {
    py += fmt::format("    c{} = 0.5\n", k);
    py += k % 10 == 0 ? fmt::format("    v{} = v{}[0:8, :]\n", k, k - 1) : fmt::format("    v{} = add(v{}, c{})\n", k, k - 1, k);
  }
  py += fmt::format("    return v{}\n", pairs - 1);
  return py;
}

// Argument: statements (pairs * 2).
void BM_ImportAndRead(benchmark::State& state) {
  const Context& ctx = text::standard_context();
  const std::string py = printed_program(static_cast<int>(state.range(0) / 2));
  for (auto _ : state) {
    Result<text::ReadFile> f = read_upstream_file(py, "bench.py", ctx);
    if (!f.ok()) return state.SkipWithError(f.diagnostics().front().render().c_str());
    benchmark::DoNotOptimize(f->module);
  }
  state.counters["statements_per_s"] =
      benchmark::Counter(static_cast<double>(state.range(0)), benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK(BM_ImportAndRead)->Arg(200)->Arg(900)->Unit(benchmark::kMillisecond);

// The baseline: read the tfir the importer translated the same program into.
void BM_ReadTranslation(benchmark::State& state) {
  const Context& ctx = text::standard_context();
  Result<Imported> t = import_upstream(printed_program(static_cast<int>(state.range(0) / 2)), "bench.py", ctx);
  if (!t.ok()) return state.SkipWithError(t.diagnostics().front().render().c_str());
  for (auto _ : state) {
    Result<text::ReadFile> f = text::read_file(t->tfir, "bench.tfir", ctx);
    if (!f.ok()) return state.SkipWithError(f.diagnostics().front().render().c_str());
    benchmark::DoNotOptimize(f->module);
  }
  state.counters["statements_per_s"] =
      benchmark::Counter(static_cast<double>(state.range(0)), benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK(BM_ReadTranslation)->Arg(200)->Arg(900)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace tf::upstream

BENCHMARK_MAIN();
