// `T random(seed=S, lo=L, hi=H)` literals (docs/tfir.md section 4): deterministic pseudo-random
// tensors that read the same on every machine and with every compiler.
//
// Design note. std::mt19937_64's raw output sequence is fixed by the C++ standard; the
// std::uniform_*_distribution adaptors are not (each library maps differently), so they are
// not used. Element i (row-major) takes the i-th raw output r of std::mt19937_64(seed):
//   float dtypes    u = (r >> 11) * 2^-53 in [0, 1); x = lo + (hi - lo) * u in IEEE double
//                   (two roundings, both fixed by IEEE 754 and -ffp-contract=off); then x rounds
//                   once to the dtype with its D4 default mode. Defaults lo = -1, hi = 1.
//   integer dtypes  v = lo + floor(r * (hi - lo) / 2^64), exact in 128-bit arithmetic, so
//                   lo <= v < hi. Defaults lo = -8, hi = 8 (values -8 .. 7, exact in every
//                   integer dtype and small enough that sums of products stay exact in f32).
//   bool            the integer rule with defaults lo = 0, hi = 2.
// Block-scaled dtypes draw f32 values by the float rule and quantize them (literal.h).
// `seed` is required (a non-negative integer below 2^63); lo < hi, both finite, and for
// integer dtypes both bounds within the dtype (hi - 1 <= max).
#pragma once

#include <cstdint>

#include "eval/value/tensor.h"
#include "ir/support/result.h"
#include "ir/text/syntax.h"

namespace tf::eval {

/// u * (hi - lo) + lo for the raw output `raw` (float rule of the design note), before the
/// rounding to a dtype.
double random_float(std::uint64_t raw, double lo, double hi);

/// lo + floor(raw * (hi - lo) / 2^64) (integer rule). Precondition: lo < hi.
std::int64_t random_integer(std::uint64_t raw, std::int64_t lo, std::int64_t hi);

/// A tensor of the simple dtype `dtype` and `shape` filled from the arguments of the random
/// literal `node` (its keywords seed, lo, hi). Parse diagnostics positioned at the offending
/// argument: a positional argument, an unknown or missing keyword, a bound that is not a
/// number of the right kind, lo >= hi, a bound outside the dtype.
Result<Tensor> random_tensor(const text::SyntaxNode& node, DType dtype, Shape shape);

}  // namespace tf::eval
