// The arithmetic of one Mma output element in each mode (docs/tir-semantics.md, "Mma").
//
// Design note. D = C + sum over k of A[k] * B[k], the products exact (bf16 and f16 products are
// exact in double):
//  - Exact: the correctly rounded f32 value of the exact sum (exact_sum.h). PTX leaves the
//    order and rounding unspecified; this is the value every order approximates.
//  - Sm80 / Sm90: the tensor-core models of MMA-Sim (Xie et al., arXiv 2511.10909) and of
//    Khattak and Mikaitis (arXiv 2512.07004): per fused step, every term (C or the running
//    result, and the step's products) is aligned to the largest term's exponent E and truncated
//    toward zero to F fraction bits (its bits below 2^(E - F) dropped), the truncated terms are
//    added exactly, and the sum is rounded toward zero to f32. Ampere (sm80) runs k = 16 as two
//    fused steps of 8 products with F = 24, the first result the second's C; Hopper (sm90) one
//    step of 16 with F = 25. An sm80 mma.sync on an H100 / H200 follows the Hopper model.
//    A NaN operand, or infinities of both signs, give the canonical NaN 0x7fffffff; infinities of
//    one sign give that infinity.
// The fragment movement around this arithmetic is bit-exact in every mode.
#pragma once

#include <cstdint>
#include <span>

#include "eval/tir/tir_evaluator.h"

namespace tf::eval::tir {

/// One output element: c plus the products a[k] * b[k] (a, b, c given exactly as doubles).
float mma_element(MmaMode mode, double c, std::span<const double> a, std::span<const double> b);
/// The same from the products themselves (exact in double).
float mma_sum(MmaMode mode, double c, std::span<const double> products);

/// One fused step of the device models: c and `products` aligned, truncated to `fraction_bits`
/// below the largest, summed exactly, rounded toward zero to f32.
float fused_truncated_sum(double c, std::span<const double> products, int fraction_bits);

}  // namespace tf::eval::tir
