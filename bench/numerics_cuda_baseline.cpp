// The CUDA 13 headers' host conversion functions doing the jobs of numerics_bench.cpp, in the
// same program: the baselines of docs/benchmarks.md. Built only when CMake found the headers.
// After timing, each baseline compares its output with tf::numerics on the same input and
// reports the count as the `mismatches` counter (0 expected; NaN compared as a class).
#include <benchmark/benchmark.h>
#include <cuda_fp16.h>
#include <cuda_fp4.h>
#include <cuda_fp8.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>

#include "bench/bench_data.h"
#include "ir/numerics/block_scale.h"
#include "ir/numerics/convert.h"

namespace tf::bench {
namespace {

void f32_to_fp8e4m3_sat_cuda_header(benchmark::State& state) {
  const std::vector<float>& in = fp8_encode_inputs();
  std::vector<std::uint8_t> out(in.size());
  for (auto _ : state) {
    for (std::size_t i = 0; i < in.size(); ++i)
      out[i] = __nv_cvt_float_to_fp8(in[i], __NV_SATFINITE, __NV_E4M3);
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * in.size()));
  std::vector<std::uint8_t> tf_out(in.size());
  numerics::encode_f32_to_fp8e4m3(in, tf_out, true);
  std::size_t mismatches = 0;
  for (std::size_t i = 0; i < in.size(); ++i)
    mismatches += out[i] != tf_out[i] && !((out[i] & 0x7F) == 0x7F && (tf_out[i] & 0x7F) == 0x7F);
  state.counters["mismatches"] = static_cast<double>(mismatches);
}
BENCHMARK(f32_to_fp8e4m3_sat_cuda_header)->Unit(benchmark::kMillisecond);

void fp8e4m3_to_f32_cuda_header(benchmark::State& state) {
  const std::vector<std::uint8_t>& in = fp8_codes();
  std::vector<float> out(in.size());
  for (auto _ : state) {
    for (std::size_t i = 0; i < in.size(); ++i)
      out[i] = __half2float(__half(__nv_cvt_fp8_to_halfraw(in[i], __NV_E4M3)));
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * in.size()));
  std::vector<float> tf_out(in.size());
  numerics::decode_fp8e4m3_to_f32(in, tf_out);
  std::size_t mismatches = 0;
  for (std::size_t i = 0; i < in.size(); ++i) {
    const bool both_nan = std::isnan(out[i]) && std::isnan(tf_out[i]);
    mismatches += !both_nan &&
                  std::bit_cast<std::uint32_t>(out[i]) != std::bit_cast<std::uint32_t>(tf_out[i]);
  }
  state.counters["mismatches"] = static_cast<double>(mismatches);
}
BENCHMARK(fp8e4m3_to_f32_cuda_header)->Unit(benchmark::kMillisecond);

// MXFP4, OCP floor scale, written as a kernel author would on the host: per block of 32, amax;
// scale = E8M0 RZ of amax / 4 (= 2^(floor(log2 amax) - emax_E2M1), clipped at 2^-127);
// elements = E2M1 RN of x * 2^(127 - scale). Exact for every normal amax; a block whose
// amax / 4 is an f32 subnormal may differ from the exact OCP rule (not in this input).
void f32_to_mxfp4_ocp_cuda_header(benchmark::State& state) {
  const std::vector<float>& in = mx_inputs();
  std::vector<std::uint8_t> codes(in.size());
  std::vector<std::uint8_t> scales(in.size() / 32);
  std::array<float, 256> inverse{};
  for (int b = 0; b < 255; ++b) inverse[b] = std::ldexp(1.0f, 127 - b);
  for (auto _ : state) {
    for (std::size_t blk = 0; blk < scales.size(); ++blk) {
      const float* x = &in[blk * 32];
      float amax = 0.0f;
      for (int i = 0; i < 32; ++i) amax = std::max(amax, std::fabs(x[i]));
      const __nv_fp8_storage_t s =
          __nv_cvt_float_to_e8m0(amax * 0.25f, __NV_SATFINITE, cudaRoundZero);
      scales[blk] = s;
      const float inv = inverse[s];
      for (int i = 0; i < 32; ++i)
        codes[blk * 32 + i] = __nv_cvt_float_to_fp4(x[i] * inv, __NV_E2M1, cudaRoundNearest);
    }
    benchmark::DoNotOptimize(codes.data());
    benchmark::DoNotOptimize(scales.data());
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * in.size()));
  const std::array<std::int64_t, 2> shape = {4096, static_cast<std::int64_t>(in.size() / 4096)};
  const numerics::BlockScaleFormat format{DType::f4e2m1(), DType::f8e8m0(), 32, DType()};
  Result<numerics::BlockScaledValue> q =
      numerics::quantize(in, shape, format, numerics::ScaleMethod::Ocp);
  if (!q.ok()) {
    state.SkipWithError("quantize rejected the MXFP4 input");
    return;
  }
  std::size_t mismatches = 0;
  for (std::size_t i = 0; i < codes.size(); ++i) mismatches += codes[i] != q->element_codes[i];
  for (std::size_t i = 0; i < scales.size(); ++i) mismatches += scales[i] != q->block_scales[i];
  state.counters["mismatches"] = static_cast<double>(mismatches);
}
BENCHMARK(f32_to_mxfp4_ocp_cuda_header)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace tf::bench
