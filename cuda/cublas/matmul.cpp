#include "cuda/cublas/matmul.h"

#include <fmt/format.h>

#include <optional>
#include <vector>

#include "cuda/cublas/device.h"
#include "cuda/cublas/device_memory.h"
#include "cuda/cublas/event_timer.h"
#include "cuda/cublas/lt_gemm.h"
#include "cuda/cublas/matmul_shape.h"

namespace tf::cublas {

namespace {

// cublasGemmEx's type for a dtype it multiplies with an f32 result; nullopt for the others.
std::optional<cudaDataType> gemm_ex_type(DType d) {
  if (d == DType::bf16()) return CUDA_R_16BF;
  if (d == DType::f16()) return CUDA_R_16F;
  if (d == DType::f32()) return CUDA_R_32F;
  return std::nullopt;
}

std::optional<cudaDataType> fp8_type(DType d) {
  if (d == DType::fp8e4m3()) return CUDA_R_8F_E4M3;
  if (d == DType::fp8e5m2()) return CUDA_R_8F_E5M2;
  return std::nullopt;
}

eval::Shape result_shape(const MatmulShape& s) {
  return s.batched ? eval::Shape{s.batch, s.m, s.n} : eval::Shape{s.m, s.n};
}

// Copies the f32 result back into a new tensor.
Result<eval::Tensor> download_result(const DeviceBuffer& c, const MatmulShape& s) {
  eval::Tensor out = eval::Tensor::make_uninitialized(DType::f32(), result_shape(s));
  Result<bool> copied = c.download(out.mutable_bytes());
  TF_TRY(copied);
  return out;
}

Result<eval::Tensor> gemm_ex(const eval::Tensor& a, const eval::Tensor& b, const MatmulShape& s, cudaDataType type,
                             const CublasOptions& options, GemmTiming* timing) {
  Result<BlasHandle> handle = BlasHandle::create();
  TF_TRY(handle);
  TF_CUBLAS_TRY(cublasSetMathMode(handle->get(), options.pedantic ? CUBLAS_PEDANTIC_MATH : CUBLAS_DEFAULT_MATH));
  Result<DeviceBuffer> da = DeviceBuffer::upload(a.bytes());
  TF_TRY(da);
  Result<DeviceBuffer> db = DeviceBuffer::upload(b.bytes());
  TF_TRY(db);
  Result<DeviceBuffer> dc = DeviceBuffer::allocate(static_cast<std::size_t>(s.batch * s.m * s.n) * sizeof(float));
  TF_TRY(dc);
  const float alpha = 1.0f, beta = 0.0f;
  const int m = static_cast<int>(s.m), n = static_cast<int>(s.n), k = static_cast<int>(s.k);
  // Column-major C^T (N x M) = B^T (N x K, ld N) A^T (K x M, ld K): the operands swapped.
  auto launch = [&]() -> Result<bool> {
    if (!s.batched)
      TF_CUBLAS_TRY(cublasGemmEx(handle->get(), CUBLAS_OP_N, CUBLAS_OP_N, n, m, k, &alpha, db->get(), type, n,
                                 da->get(), type, k, &beta, dc->get(), CUDA_R_32F, n, CUBLAS_COMPUTE_32F,
                                 CUBLAS_GEMM_DEFAULT));
    else
      TF_CUBLAS_TRY(cublasGemmStridedBatchedEx(handle->get(), CUBLAS_OP_N, CUBLAS_OP_N, n, m, k, &alpha, db->get(),
                                               type, n, s.b_stride, da->get(), type, k, s.a_stride, &beta, dc->get(),
                                               CUDA_R_32F, n, s.m * s.n, static_cast<int>(s.batch), CUBLAS_COMPUTE_32F,
                                               CUBLAS_GEMM_DEFAULT));
    return true;
  };
  Result<bool> ran = launch();
  TF_TRY(ran);
  TF_CUDA_TRY(cudaDeviceSynchronize());
  Result<eval::Tensor> out = download_result(*dc, s);
  TF_TRY(out);
  if (timing != nullptr && options.timed_repeats > 0) {
    Result<GemmTiming> t = time_launches(launch, options.timed_repeats);
    TF_TRY(t);
    *timing = *t;
  }
  return out;
}

// b (…, K, N) of one-byte elements as (…, N, K): the K-contiguous operand cuBLASLt's TN form takes.
std::vector<std::uint8_t> transposed_bytes(const eval::Tensor& b, const MatmulShape& s) {
  const std::int64_t batches = b.rank() == 3 ? s.batch : 1;
  const std::span<const std::uint8_t> in = b.bytes();
  std::vector<std::uint8_t> out(in.size());
  for (std::int64_t q = 0; q < batches; ++q)
    for (std::int64_t kk = 0; kk < s.k; ++kk)
      for (std::int64_t j = 0; j < s.n; ++j)
        out[static_cast<std::size_t>(q * s.k * s.n + j * s.k + kk)] =
            in[static_cast<std::size_t>(q * s.k * s.n + kk * s.n + j)];
  return out;
}

Result<eval::Tensor> fp8_gemm(const eval::Tensor& a, const eval::Tensor& b, const MatmulShape& s, cudaDataType a_type,
                              cudaDataType b_type, const CublasOptions& options, GemmTiming* timing) {
  Result<DeviceBuffer> da = DeviceBuffer::upload(a.bytes());
  TF_TRY(da);
  Result<DeviceBuffer> dbt = DeviceBuffer::upload(transposed_bytes(b, s));
  TF_TRY(dbt);
  Result<DeviceBuffer> dc = DeviceBuffer::allocate(static_cast<std::size_t>(s.batch * s.m * s.n) * sizeof(float));
  TF_TRY(dc);
  LtGemm g;
  g.a = LtOperand{&*da, a_type, s.m, s.a_stride};
  g.bt = LtOperand{&*dbt, b_type, s.n, s.b_stride};
  g.k = s.k;
  g.batch = s.batch;
  g.c = &dc.value();
  Result<bool> ran = run_lt_gemm(g, options.timed_repeats, timing);
  TF_TRY(ran);
  return download_result(*dc, s);
}

}  // namespace

Result<eval::Tensor> cublas_matmul(const eval::Tensor& a, const eval::Tensor& b, const CublasOptions& options,
                                   GemmTiming* timing) {
  Result<MatmulShape> s = matmul_shape(a, b);
  TF_TRY(s);
  const std::optional<cudaDataType> ex = gemm_ex_type(a.dtype());
  const std::optional<cudaDataType> fa = fp8_type(a.dtype()), fb = fp8_type(b.dtype());
  const bool same_ex = ex && a.dtype() == b.dtype();
  if (!same_ex && !(fa && fb))
    return category_error(
        DiagCategory::Usage,
        fmt::format("cuBLAS matmul takes two bf16, f16 or f32 operands, or fp8 (e4m3 / e5m2) ones; these are {} and {}",
                    a.dtype().name(), b.dtype().name()));
  if (!device_unavailable().empty()) return category_error(DiagCategory::Eval, device_unavailable());
  if (same_ex) return gemm_ex(a, b, *s, *ex, options, timing);
  return fp8_gemm(a, b, *s, *fa, *fb, options, timing);
}

}  // namespace tf::cublas
