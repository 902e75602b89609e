// hir.nn.MatMul: batched lhs (..., M, K) @ rhs (..., K, N) -> (*broadcast(batch), M, N).
//
// Value semantics (torch.matmul for rank >= 2 operands; docs/hir-semantics.md "Evaluation"):
//  - The batch axes (all but the last two) broadcast right-aligned as Binary's shapes do: an
//    absent or extent-1 batch axis repeats its one matrix (a rank-2 rhs serves every lhs batch).
//  - Floats: both operands are read as f32 (narrow floats widen exactly); each output element is
//    the sum over k, in k order, of the products x[i,k] * y[k,j] each rounded to f32 (exact for
//    f16, bf16 and fp8 operands), accumulated in f64 from -0 (the HIR reduce sum's rule: a sum
//    of -0s is -0) and rounded to f32; that f32 rounds once to the result dtype. K = 0 gives +0.
//    The order is fixed on every machine and build (a BLAS's blocked order is not), and it is a
//    product then a sum with the element rules of binary mul and reduce sum, so the lowering's
//    per-thread matmul (mul into f32, reduce over k) computes the same bits.
//  - Integers: int64 multiply-accumulate in k order with two's-complement wrap-around, wrapped
//    to the result width.
// Run-time errors (symbolic extents the type could not compare): lhs K != rhs K, batch axes
// that do not broadcast.
#include <fmt/format.h>

#include <algorithm>
#include <vector>

#include "eval/hir/compute_handlers.h"
#include "eval/hir/compute_values.h"

namespace tf::eval::compute {
namespace {

// The batch walk: for each output matrix (row-major over the broadcast batch axes), the index
// of the lhs matrix and of the rhs matrix it multiplies.
struct BatchPlan {
  Shape out_batch;
  std::vector<std::int64_t> lhs_index;
  std::vector<std::int64_t> rhs_index;
};

// Matrix strides of a batch shape right-aligned to `rank` axes (0 on absent / extent-1 axes).
std::vector<std::int64_t> broadcast_strides(const Shape& batch, std::size_t rank) {
  std::vector<std::int64_t> strides(rank, 0);
  std::int64_t s = 1;
  for (std::size_t i = 0; i < batch.size(); ++i) {
    const std::size_t d = batch.size() - 1 - i;   // axis in batch
    const std::size_t o = rank - 1 - i;           // axis in the output batch
    strides[o] = batch[d] == 1 ? 0 : s;
    s *= batch[d];
  }
  return strides;
}

// The broadcast batch of lhs @ rhs (index_batches adds the matrix indices).
Result<BatchPlan> plan_batch(const Shape& lhs, const Shape& rhs) {
  const Shape lb(lhs.begin(), lhs.end() - 2);
  const Shape rb(rhs.begin(), rhs.end() - 2);
  const std::size_t rank = std::max(lb.size(), rb.size());
  BatchPlan plan;
  plan.out_batch.assign(rank, 1);
  for (std::size_t i = 0; i < rank; ++i) {
    const std::int64_t l = i < lb.size() ? lb[lb.size() - 1 - i] : 1;
    const std::int64_t r = i < rb.size() ? rb[rb.size() - 1 - i] : 1;
    if (l != r && l != 1 && r != 1)
      return eval_error(fmt::format("batch axes of lhs {} and rhs {} do not broadcast",
                                    shape_text(lhs), shape_text(rhs)));
    plan.out_batch[rank - 1 - i] = l == 1 ? r : l;
  }
  return plan;
}

// The lhs and rhs matrix of each output matrix: only for a result with elements (a batch of
// empty matrices may have any number of them).
void index_batches(BatchPlan& plan, const Shape& lhs, const Shape& rhs) {
  const Shape lb(lhs.begin(), lhs.end() - 2);
  const Shape rb(rhs.begin(), rhs.end() - 2);
  const std::size_t rank = plan.out_batch.size();
  plan.lhs_index = odometer_offsets(plan.out_batch, broadcast_strides(lb, rank));
  plan.rhs_index = odometer_offsets(plan.out_batch, broadcast_strides(rb, rank));
}

void matmul_f32(const float* lhs, const float* rhs, float* out, const BatchPlan& plan,
                std::int64_t m, std::int64_t k, std::int64_t n) {
  std::vector<double> acc(static_cast<std::size_t>(n));
  for (std::size_t b = 0; b < plan.lhs_index.size(); ++b) {
    const float* x = lhs + plan.lhs_index[b] * m * k;
    const float* y = rhs + plan.rhs_index[b] * k * n;
    float* c = out + static_cast<std::int64_t>(b) * m * n;
    for (std::int64_t i = 0; i < m; ++i) {
      std::fill(acc.begin(), acc.end(), k == 0 ? 0.0 : -0.0);
      for (std::int64_t p = 0; p < k; ++p) {
        const float xv = x[i * k + p];
        const float* yrow = y + p * n;
        for (std::int64_t j = 0; j < n; ++j) acc[static_cast<std::size_t>(j)] += static_cast<double>(xv * yrow[j]);
      }
      for (std::int64_t j = 0; j < n; ++j) c[i * n + j] = static_cast<float>(acc[static_cast<std::size_t>(j)]);
    }
  }
}

// `out` holds one element per element of the result (its count checked by the caller).
void matmul_int(const std::vector<std::int64_t>& lhs, const std::vector<std::int64_t>& rhs,
                const BatchPlan& plan, std::int64_t m, std::int64_t k, std::int64_t n,
                std::vector<std::int64_t>& out) {
  for (std::size_t b = 0; b < plan.lhs_index.size(); ++b) {
    const std::int64_t* x = lhs.data() + plan.lhs_index[b] * m * k;
    const std::int64_t* y = rhs.data() + plan.rhs_index[b] * k * n;
    std::int64_t* c = out.data() + static_cast<std::int64_t>(b) * m * n;
    for (std::int64_t i = 0; i < m; ++i)
      for (std::int64_t j = 0; j < n; ++j) {
        std::uint64_t s = 0;  // unsigned: wrap-around is defined
        for (std::int64_t p = 0; p < k; ++p)
          s += static_cast<std::uint64_t>(x[i * k + p]) * static_cast<std::uint64_t>(y[p * n + j]);
        c[i * n + j] = static_cast<std::int64_t>(s);
      }
  }
}

}  // namespace

Result<Value> eval_matmul(const OpEvalArgs& a) {
  const Tensor& lhs = a.tensor(0);
  const Tensor& rhs = a.tensor(1);
  TF_CHECK(lhs.rank() >= 2 && rhs.rank() >= 2, "matmul: operands of rank < 2 (typeinfer)");
  const std::int64_t m = lhs.shape()[lhs.rank() - 2];
  const std::int64_t k = lhs.shape().back();
  const std::int64_t n = rhs.shape().back();
  if (rhs.shape()[rhs.rank() - 2] != k)
    return eval_error(fmt::format("lhs K {} (of {}) differs from rhs K {} (of {})", k,
                                  shape_text(lhs.shape()), rhs.shape()[rhs.rank() - 2],
                                  shape_text(rhs.shape())));
  // The result's element count is checked first (a product beyond int64 is refused, not
  // wrapped), and every scratch buffer is charged to the memory budget before it is allocated.
  Result<BatchPlan> planned = plan_batch(lhs.shape(), rhs.shape());
  TF_TRY(planned);
  BatchPlan plan = std::move(planned).value();
  Shape shape = plan.out_batch;
  shape.push_back(m);
  shape.push_back(n);
  const std::int64_t count = shape_size(shape);
  if (count > 0) index_batches(plan, lhs.shape(), rhs.shape());
  const DType dtype = a.result_dtype();

  if (is_integral(lhs.dtype()) && !lhs.is_block_scaled()) {
    const ScratchCharge scratch(lhs.size() + rhs.size(), sizeof(std::int64_t));
    const ScratchCharge result(count, sizeof(std::int64_t));
    std::vector<std::int64_t> out(static_cast<std::size_t>(count));
    matmul_int(to_i64(lhs), to_i64(rhs), plan, m, k, n, out);
    return Value(from_i64(dtype, std::move(shape), out));
  }
  const F32Span x(lhs);
  const F32Span y(rhs);
  if (dtype == DType::f32()) {
    Tensor out = Tensor::make_uninitialized(dtype, std::move(shape));
    matmul_f32(x.data(), y.data(), out.mutable_data<float>(), plan, m, k, n);
    return Value(std::move(out));
  }
  const ScratchCharge result(count, sizeof(float));
  std::vector<float> out(static_cast<std::size_t>(count));
  matmul_f32(x.data(), y.data(), out.data(), plan, m, k, n);
  Result<Tensor> t = round_to(dtype, std::move(shape), std::span<const float>(out));
  TF_TRY(t);
  return Value(std::move(t).value());
}

}  // namespace tf::eval::compute
