// Three implementations of one matmul judged against the exact result: the HIR evaluator, the
// emitted kernel and cuBLAS, each against the a-priori error bound of how it sums, so that a
// disagreement names which of them is outside (issue 37; docs/cuda-backend.md, "The one-shot
// GPU check").
//
// Design note. For each judged output element, s = sum_k a[i, k] b[k, j] is formed exactly
// (eval/tir/exact_sum.h; bf16, f16 and fp8 products are exact in double) with T = sum |t_k|, and
// each implementation's c is judged by |c - s| (computed exactly, rounded once) <= its bound.
// The bounds are conformance/error_bound.h's (Higham 4.2: a path of r roundings of unit u is
// within gamma_r(u) = r u / (1 - r u) times T; `exact` is u |s|), with the r of its SumOrder
// (roundings()), extended by two terms error_bound.h does not need for its f32 cases:
//   f64 accumulation   an f64 running sum before the final rounding adds gamma_n(2^-53) T
//   output rounding    a result rounded once more to a narrower output dtype (bf16: unit
//                      2^-8, relative to the f32 value) adds u_out (|s| + B32)
// B = B32 + u_out (|s| + B32), times 1 + 2^-40 for the double arithmetic of the bound itself.
// The three models:
//   evaluator  docs/hir-semantics.md: f32 products summed in f64 in k order, rounded once to
//              f32, then to the result dtype: order exact (u = 2^-24) plus the f64 term.
//   emitted    the MMA chain of the SM80 atom (lower/mma_rule.h): K/16 steps of 16 exact
//              products added to the f32 accumulator. In the machine model's `exact` mode (the
//              emulation) each step rounds once to nearest: order blocks=16, u = 2^-24. On a
//              device (modes sm80 / sm90, eval/tir/mma_arith.h) a fused step of m <= 16
//              products aligns its m + 1 terms to the largest and truncates each below 2^-F of it
//              (F = 24 or 25), then chops to f32: its error is at most
//              (m + 1) 2^-F max|t| + 2^-23 |sum| <= (11 or 10.5) 2^-24 sum |t| <= m 2^-23 sum |t|,
//              i.e. no worse than m chopped additions; a chain of K/m such steps is then within
//              (1 + m 2^-23)^(K/m) - 1 <= gamma_K(2^-23), the bound of a sequential sum whose
//              additions chop (unit 2^-23): order sequential, u = 2^-23.
//   cuBLAS     its order is unknown (tiles, split-K, tensor-core fused steps that truncate):
//              any summation tree's paths have at most K roundings, and a truncating adder's
//              unit is 2^-23, so order sequential, u = 2^-23 covers every order it may choose.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "conformance/error_bound.h"
#include "eval/value/tensor.h"
#include "ir/support/result.h"

namespace tf::gpu_check {

/// How one implementation sums, for its bound (design note).
struct ErrorModel {
  std::string name;             ///< "evaluator", "emitted kernel", "cuBLAS"
  conformance::SumOrder order;  ///< the order its bound assumes (roundings())
  double unit = 0x1p-24;        ///< unit roundoff of each rounding along a path (2^-23: chopping)
  double f64_unit = 0;          ///< 2^-53 when an f64 running sum comes before the f32 rounding
  double output_unit = 0;       ///< the rounding to a narrower output dtype (bf16: 2^-8); 0 for f32
  std::string text() const;     ///< "blocks=16, u=2^-24, then bf16"
};

/// The unit roundoff of rounding f32 to `output` (bf16: 2^-8, f16: 2^-11), 0 for f32.
double output_unit(DType output);

/// The evaluator's model, its result of dtype `output`.
ErrorModel evaluator_model(DType output);
/// The emitted MMA chain's model: exact mode (`on_device` false) or a device's (true).
ErrorModel emitted_model(bool on_device, DType output);
/// cuBLAS's model (any order, truncating adders), its result of dtype `output`.
ErrorModel cublas_model(DType output);

/// One implementation's result to judge: (M, N) of a float dtype.
struct Candidate {
  ErrorModel model;
  const eval::Tensor* result = nullptr;
};

/// How one implementation fared.
struct ImplementationVerdict {
  std::string name;
  std::int64_t outside = 0;  ///< judged elements outside its bound
  double worst_ratio = 0;    ///< the largest |c - s| / bound over the judged elements
  std::string first;         ///< the first element outside: where, c, s, error, bound
};

/// The judgement of every candidate on the same elements.
struct ThreeWayVerdict {
  std::int64_t elements = 0;                           ///< judged elements
  std::vector<ImplementationVerdict> implementations;  ///< in candidate order

  /// The names of the implementations outside their bound (empty: all agree within bounds).
  std::vector<std::string> outside() const;
};

/// Judges each candidate's elements `elements` (flat row-major indices of (M, N); empty: all)
/// against the exact a (M, K) @ b (K, N). Diagnostics (Usage): operands that are not 2-D or do
/// not multiply, a candidate of another shape or a non-float dtype, an index outside (M, N).
Result<ThreeWayVerdict> judge_implementations(const eval::Tensor& a, const eval::Tensor& b,
                                              std::span<const Candidate> candidates,
                                              std::span<const std::int64_t> elements = {});

}  // namespace tf::gpu_check
