// hir.cuda.nn.Mma_SM80_16x8x16 and hir.cuda.nn.Wgmma_SM90_64x128x16: one instruction tile
// C = A @ B, computed in dtype_acc (upstream's HIR catalogue: cast a and b to dtype_acc, then a
// plain matmul; no accumulator operand; a_layout / b_layout never transpose the logical operands).
//
// Accumulation (the project's decision; docs/hir-semantics.md "Evaluation"): a and b are cast
// to dtype_acc (exact for every accepted combination: f16 / bf16 into f16 / bf16 / f32, f32 into
// f32), read as f32, and each C[i, j] is accumulated in f32 sequentially over k = 0, 1, ...
// (each product and each sum one f32 rounding, no contraction), then rounded once to
// dtype_acc. For f16 / bf16 operands every product is exact in f32, so only the sums round;
// an f16 accumulator is therefore f32 accumulation rounded once (as torch's CPU half matmul),
// not a running f16 sum: 16 products of 64 * 64 sum to 65536, which rounds to +inf in f16.
#include "eval/hir/compute_handlers.h"
#include "eval/hir/compute_values.h"

namespace tf::eval::compute {

Result<Value> eval_mma(const OpEvalArgs& a) {
  const DType acc = dtype_attr(a, "dtype_acc");
  Result<Tensor> x = cast_tensor(a.tensor(0), acc, default_cast_options(acc));
  TF_TRY(x);
  Result<Tensor> y = cast_tensor(a.tensor(1), acc, default_cast_options(acc));
  TF_TRY(y);
  TF_CHECK(x->rank() == 2 && y->rank() == 2 && x->shape()[1] == y->shape()[0],
           "mma: operand shapes {} and {} (typeinfer)", shape_text(x->shape()),
           shape_text(y->shape()));
  const std::int64_t m = x->shape()[0], k = x->shape()[1], n = y->shape()[1];
  const F32Span xs(*x), ys(*y);
  std::vector<float> out(static_cast<std::size_t>(m * n));
  for (std::int64_t i = 0; i < m; ++i)
    for (std::int64_t j = 0; j < n; ++j) {
      float s = 0.0f;
      for (std::int64_t p = 0; p < k; ++p) {
        const float prod = xs[i * k + p] * ys[p * n + j];
        s = s + prod;
      }
      out[i * n + j] = s;
    }
  Result<Tensor> c = round_to(a.result_dtype(), Shape{m, n}, std::span<const float>(out));
  TF_TRY(c);
  return Value(std::move(c).value());
}

}  // namespace tf::eval::compute
