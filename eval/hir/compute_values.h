// Shared pieces of the compute-op handlers (compute_handlers.h): attribute readers, the
// rounding of computed values to a result dtype, and the per-dtype identities of reductions.
//
// Design note. Every compute handler reads its float operands as f32 (F32Span: f16 / bf16 /
// fp8 / f8e8m0 widen exactly, integers round to nearest even, block-scaled tensors dequantize),
// computes, and hands its values to `round_to` once: that is the op's single rounding to the
// inferred result dtype (docs/decisions.md D6). Values accumulated in f64 round straight from f64
// to the result dtype (one rounding, no f32 step). Integer results are computed in int64 (wrapping
// arithmetic done in uint64, so overflow is defined) and narrowed by from_i64, which wraps.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "eval/hir/op_attrs.h"
#include "eval/hir/op_eval.h"
#include "eval/value/tensor_convert.h"

namespace tf::eval::compute {

/// True for integer and bool dtypes (the values compute in int64).
bool is_integral(DType dtype);

/// `axis` counted from the end when negative, or nothing when outside [0, rank).
std::optional<int> normalize_axis(std::int64_t axis, int rank);

/// Every offset sum(index[d] * strides[d]) of the row-major walk over `extents` (an odometer),
/// in walk order; empty when an extent is 0, {0} for no extents.
std::vector<std::int64_t> odometer_offsets(const std::vector<std::int64_t>& extents,
                                           const std::vector<std::int64_t>& strides);

/// A tensor of `dtype` and `shape` holding `values` rounded once to `dtype` with its D4 default
/// mode; a block-scaled `dtype` quantizes the f32 values along the last axis (D3). Diagnostic
/// (category Eval) when the block-scaled quantization refuses the shape.
Result<Tensor> round_to(DType dtype, Shape shape, std::span<const float> values);
/// The same from f64 values: each rounds once, straight from f64 to `dtype` (a block-scaled
/// `dtype` goes through f32 first, as its quantizer reads f32).
Result<Tensor> round_to(DType dtype, Shape shape, std::span<const double> values);

/// The least value of `dtype`, the identity of a max reduction: -inf for a float with
/// infinities, else -max_finite for a signed float (-448 for fp8e4m3), the smallest value
/// 2^-127 for f8e8m0, the most negative integer, false (0) for bool; for a block-scaled dtype
/// the least value of its element dtype.
double least_value(DType dtype);

}  // namespace tf::eval::compute
