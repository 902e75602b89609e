// Arange, Zeros, ShapeOf, Rank and the identity of Reshard / Local (tensor_eval_handlers.h).
#include <fmt/format.h>

#include "eval/hir/tensor_eval_handlers.h"
#include "eval/hir/tensor_eval_util.h"
#include "eval/value/tensor_convert.h"

namespace tf::eval::tensor_ops {

Result<Value> eval_arange(const OpEvalArgs& a) {
  const TensorType& type = tensor_type_attr(a, "type");
  TF_CHECK(type.rank() == 1, "arange of a rank-{} type", type.rank());
  Result<std::int64_t> length = a.dim(type.shape[0]);
  TF_TRY(length);
  if (std::optional<Diagnostic> e = negative_extent(Shape{*length}, "the shape")) return *e;
  Result<std::int64_t> start = dim_attr(a, "start");
  TF_TRY(start);
  const std::int64_t step = int_attr(a, "step");
  // The result is allocated first, so that its size meets the memory budget before anything
  // else is built (memory_budget.h); elements are written into it as they are computed.
  Tensor out = Tensor::make_uninitialized(a.result_dtype(), Shape{*length});
  for (std::int64_t k = 0; k < *length; ++k) {
    // Integers compute in int64 (D6); leaving int64 itself is an error, not a wrap.
    std::int64_t term = 0, value = 0;
    if (__builtin_mul_overflow(step, k, &term) || __builtin_add_overflow(*start, term, &value))
      return eval_error(
          fmt::format("element {} = {} + {} * {} overflows int64", k, *start, step, k));
    out.set_code(k, static_cast<std::uint64_t>(value));  // an i32 result keeps the low bits
  }
  return Value(std::move(out));
}

Result<Value> eval_zeros(const OpEvalArgs& a) {
  Result<Shape> shape = a.result_shape();
  TF_TRY(shape);
  if (std::optional<Diagnostic> e = negative_extent(*shape, "the shape")) return *e;
  const DType dtype = a.result_dtype();
  // Code 0 is the value zero (false, +0) of every simple dtype; f8e8m0 has no zero and its code
  // 0 is 2^-127, what a cast of 0 gives (D4).
  if (dtype.is_simple()) return Value(Tensor::make(dtype, *shape));
  Result<Tensor> q =
      cast_tensor(Tensor::make(DType::f32(), *shape), dtype, default_cast_options(dtype));
  TF_TRY(q);
  return Value(*q);
}

Result<Value> eval_shape_of(const OpEvalArgs& a) {
  const Tensor& x = a.tensor(0);
  return Value(from_i64(DType::i64(), Shape{x.rank()}, x.shape()));
}

Result<Value> eval_rank(const OpEvalArgs& a) {
  const std::int64_t rank = a.tensor(0).rank();
  return Value(from_i64(DType::i64(), Shape{}, std::span<const std::int64_t>(&rank, 1)));
}

Result<Value> eval_identity(const OpEvalArgs& a) {
  return a.args[0];
}

}  // namespace tf::eval::tensor_ops
