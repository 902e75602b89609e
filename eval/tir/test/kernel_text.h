// TIR kernels as tfir text, built for any size: the tiled bf16 GEMM on the SM80 MMA atom and a
// tiled elementwise add. The benchmarks (bench/tir_machine_bench.cpp) and the tests run them;
// conformance/cases/tir/gemm_64x64x64.tfir is tiled_gemm_text(64, 64, 64) with its case.
#pragma once

#include <cstdint>
#include <string>

namespace tf::eval::tir::testing {

/// `prim_func gemm(a: Tensor[(M, K), bf16], b: Tensor[(K, N), bf16], c: Tensor[(M, N), f32])`:
/// c = a @ b. One CTA of 128 threads (4 warps) per 64x64 tile of c; the CTA stages its 64 rows
/// of a and 64 columns of b in shared memory (every thread copying its share), syncs, and each
/// warp computes a 16-row slab with the SM80 16x8x16 atom: per 8-column tile a filled
/// accumulator and K / 16 MMAs over fragments loaded from shared memory, then a store.
/// Preconditions: M, N multiples of 64; K a multiple of 32.
std::string tiled_gemm_text(std::int64_t m, std::int64_t n, std::int64_t k);

/// `prim_func add(a, b: Tensor[(size,), f32], out: Tensor[(size,), f32])`: out = a + b with
/// `threads` threads per CTA, each adding its own contiguous run of `per_thread` elements.
/// Precondition: size a multiple of threads * per_thread.
std::string tiled_add_text(std::int64_t size, std::int64_t threads, std::int64_t per_thread);

}  // namespace tf::eval::tir::testing
