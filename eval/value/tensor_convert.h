// Element conversions of tensors: decoding codes to compute values, encoding results back, and
// the D3 / D4 cast of a whole tensor.
//
// Design note. The evaluator computes floats in f32 (docs/decisions.md D6: f16 / bf16 / fp8
// operands widen exactly to f32, the op computes in f32, the result rounds once to
// the result dtype) and integers in int64 (wrapping to the result width). These functions are
// the only place codes become numbers and back; every encode goes through ir/numerics (exact,
// never a host float cast). An f32 tensor is read in place (F32Span borrows its buffer).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "ir/numerics/block_scale.h"
#include "ir/numerics/cast_mode.h"
#include "eval/value/memory_budget.h"
#include "eval/value/tensor.h"
#include "ir/support/result.h"

namespace tf::eval {

/// The f32 values of a tensor without copying an f32 buffer: floats decode exactly (f8e8m0 0x00
/// is 2^-127), integers round to nearest even, bool is 0 / 1, block-scaled tensors dequantize.
/// A copy is charged to the memory budget while the span lives (memory_budget.h).
class F32Span {
 public:
  explicit F32Span(const Tensor& t);
  const float* data() const { return data_; }
  std::int64_t size() const { return size_; }
  float operator[](std::int64_t i) const { return data_[i]; }
  std::span<const float> span() const { return {data_, static_cast<std::size_t>(size_)}; }

 private:
  ScratchCharge charge_;
  std::vector<float> owned_;
  const float* data_ = nullptr;
  std::int64_t size_ = 0;
};

/// The f32 values of `t` (a copy; see F32Span).
std::vector<float> to_f32(const Tensor& t);

/// A tensor of the simple dtype `dtype` whose elements are `values` each rounded once with the
/// D4 default mode of `dtype` (f32: the values themselves; integers: toward zero, saturating,
/// NaN -> 0; bool: x != 0). Precondition (TF_CHECK): values.size() == shape_size(shape).
Tensor from_f32(DType dtype, Shape shape, std::span<const float> values);

/// The integer values of an integer or bool tensor (exact; bool 0 / 1). Precondition
/// (TF_CHECK): the dtype is an integer or bool.
std::vector<std::int64_t> to_i64(const Tensor& t);

/// A tensor of the integer or bool dtype `dtype` from int64 `values`: integers wrap to the width
/// (two's complement), bool is x != 0. Precondition (TF_CHECK): integer or bool dtype, sizes agree.
Tensor from_i64(DType dtype, Shape shape, std::span<const std::int64_t> values);

/// The exact value of element `i` as f64 (floats of at most 32 bits exactly; i64 beyond 2^53
/// rounds to nearest even). Precondition: a simple dtype.
double element_f64(const Tensor& t, std::int64_t i);

/// The conversion options of a cast (hir.tensor.Cast's attributes, defaults filled).
struct CastOptions {
  numerics::CastMode mode;               ///< for a simple target
  numerics::ScaleMethod scale_method{};  ///< for a block-scaled target
};

/// `x` converted to `target` (D3, D4): simple -> simple element by element through the exact
/// codes (an integer source to an integer target wraps, as a C++ static_cast; a float source to
/// an integer target rounds toward zero and saturates, NaN -> 0); simple -> block-scaled
/// quantizes along the last axis; block-scaled -> simple dequantizes to f32 and converts.
/// Diagnostic (category Eval) for a target the evaluator does not convert to: plain f4e2m1
/// (seed 000), and a block-scaled target whose last extent does not divide into blocks.
Result<Tensor> cast_tensor(const Tensor& x, DType target, const CastOptions& options);

/// The D4 default options for a cast to `target`.
CastOptions default_cast_options(DType target);

}  // namespace tf::eval
