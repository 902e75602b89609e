// Throughput of tf::numerics' hot paths over 16,777,216 elements (docs/benchmarks.md).
// Each benchmark reports items_per_second (elements per second, one core). The CUDA-header
// baselines doing the same jobs live in numerics_cuda_baseline.cpp (built when the headers are
// found) and run in the same program.
#include <benchmark/benchmark.h>

#include <array>

#include "bench/bench_data.h"
#include "ir/numerics/block_scale.h"
#include "ir/numerics/convert.h"

namespace tf::bench {
namespace {

void f32_to_fp8e4m3_sat_tf(benchmark::State& state) {
  const std::vector<float>& in = fp8_encode_inputs();
  std::vector<std::uint8_t> out(in.size());
  for (auto _ : state) {
    numerics::encode_f32_to_fp8e4m3(in, out, /*saturate=*/true);
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * in.size()));
}
BENCHMARK(f32_to_fp8e4m3_sat_tf)->Unit(benchmark::kMillisecond);

void fp8e4m3_to_f32_tf(benchmark::State& state) {
  const std::vector<std::uint8_t>& in = fp8_codes();
  std::vector<float> out(in.size());
  for (auto _ : state) {
    numerics::decode_fp8e4m3_to_f32(in, out);
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * in.size()));
}
BENCHMARK(fp8e4m3_to_f32_tf)->Unit(benchmark::kMillisecond);

// MXFP4 (E2M1 elements, one E8M0 scale per 32), OCP floor scale, through the public quantize
// (which allocates its output planes on every call, as a caller would see it).
void f32_to_mxfp4_ocp_tf(benchmark::State& state) {
  const std::vector<float>& in = mx_inputs();
  const std::array<std::int64_t, 2> shape = {4096, static_cast<std::int64_t>(in.size() / 4096)};
  const numerics::BlockScaleFormat format{DType::f4e2m1(), DType::f8e8m0(), 32, DType()};
  for (auto _ : state) {
    Result<numerics::BlockScaledValue> q =
        numerics::quantize(in, shape, format, numerics::ScaleMethod::Ocp);
    if (!q.ok()) {
      state.SkipWithError("quantize rejected the MXFP4 input");
      break;
    }
    benchmark::DoNotOptimize(q.value().element_codes.data());
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * in.size()));
}
BENCHMARK(f32_to_mxfp4_ocp_tf)->Unit(benchmark::kMillisecond);

// The same through quantize_into, reusing the planes of the previous call (as the CUDA-header
// baseline reuses its buffers): the conversion without the per-call allocation.
void f32_to_mxfp4_ocp_into_tf(benchmark::State& state) {
  const std::vector<float>& in = mx_inputs();
  const std::array<std::int64_t, 2> shape = {4096, static_cast<std::int64_t>(in.size() / 4096)};
  const numerics::BlockScaleFormat format{DType::f4e2m1(), DType::f8e8m0(), 32, DType()};
  numerics::BlockScaledValue q;
  for (auto _ : state) {
    if (!numerics::quantize_into(in, shape, format, numerics::ScaleMethod::Ocp, q).empty()) {
      state.SkipWithError("quantize_into rejected the MXFP4 input");
      break;
    }
    benchmark::DoNotOptimize(q.element_codes.data());
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * in.size()));
}
BENCHMARK(f32_to_mxfp4_ocp_into_tf)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace tf::bench

BENCHMARK_MAIN();
