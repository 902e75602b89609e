// `expect output ~ bound(order=...) matmul(a, b)`: an output judged against the exact result and
// the a-priori error bound of the summation order used (docs/tir-semantics.md, "Principled
// comparisons"), instead of a hand-picked tolerance.
//
// Design note. The reference is computed from the case's own inputs, exactly: each output
// element s is a sum of terms t_1..t_n (the products a[i, k] * b[k, j] of `matmul(a, b)`, or the
// elements along `axis` of `sum(x, axis=K)`), every term exact in double, and the error of the
// computed f32 value c is |c - s|, evaluated exactly (eval/tir/exact_sum.h) then rounded to
// double. The bound is the standard one for floating-point summation (Higham, "Accuracy and
// Stability of Numerical Algorithms", section 4.2): a sum whose every path passes through at
// most r roundings of unit roundoff u = 2^-24 is within gamma_r * sum |t_i|, gamma_r =
// r u / (1 - r u). The orders and their r:
//   exact        c is the correctly rounded s: |c - s| <= u |s|  (no sum of |t|: cancellation-proof)
//   sequential   one running sum: r = n (the final rounding included)
//   pairwise     a balanced tree: r = ceil(log2 n) + 1
//   blocks=B     blocks of B terms summed exactly, each added to a running sum with one rounding
//                (an MMA chain over k-steps of B in the `exact` mode): r = ceil(n / B)
// A tolerance of 2^-40 relative covers the double arithmetic of the bound itself.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "eval/value/compare.h"
#include "eval/value/tensor.h"
#include "ir/support/result.h"
#include "ir/text/syntax.h"

namespace tf::conformance {

/// The summation order a bound assumes (design note).
struct SumOrder {
  enum class Kind { Exact, Sequential, Pairwise, Blocks };
  Kind kind = Kind::Exact;
  std::int64_t block = 1;  ///< Blocks: B
};

/// A parsed `bound(order=...) OP(...)` expectation.
struct BoundReference {
  SumOrder order;
  std::string op;                     ///< "matmul" or "sum"
  std::vector<std::string> operands;  ///< names of case inputs
  std::int64_t axis = 0;              ///< sum: the summed axis
};

/// True when `comparator` is a call of `bound`.
bool is_bound(const text::SyntaxNode& comparator);

/// Parses the comparator `bound(order=exact|sequential|pairwise|blocks, block=B)` and the
/// reference `matmul(a, b)` or `sum(x, axis=K)`. Parse diagnostics placed in the line.
Result<BoundReference> parse_bound(const text::SyntaxNode& comparator, const text::SyntaxNode& reference);

/// The roundings r along a path of an `n`-term sum in `order`.
std::int64_t roundings(const SumOrder& order, std::int64_t n);

/// Judges `actual` (f32) against the exact reference from `inputs` (case inputs by name).
/// Diagnostics (category Usage): an operand that names no input, shapes that do not multiply or
/// sum to actual's shape, a non-f32 actual.
Result<eval::Verdict> judge_bound(const eval::Tensor& actual, const BoundReference& b,
                                  const std::map<std::string, eval::Tensor>& inputs);

}  // namespace tf::conformance
