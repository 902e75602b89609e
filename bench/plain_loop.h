// The baseline the kernel benchmarks quote their ratios against: n float additions in a plain
// C++ loop, timed per iteration of `state` (bench/tir_machine_bench.cpp, bench/emu_bench.cpp).
#pragma once

#include <benchmark/benchmark.h>

#include <cstdint>
#include <vector>

namespace tf::bench {

/// Times `out[i] = x[i] + y[i]` for i < n, once per iteration of `state`.
inline void time_plain_add(benchmark::State& state, const float* x, const float* y, std::int64_t n) {
  std::vector<float> out(static_cast<std::size_t>(n));
  for (auto _ : state) {
    for (std::int64_t i = 0; i < n; ++i) out[static_cast<std::size_t>(i)] = x[i] + y[i];
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
}

}  // namespace tf::bench
