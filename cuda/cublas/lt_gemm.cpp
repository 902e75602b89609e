#include "cuda/cublas/lt_gemm.h"

#include <fmt/format.h>

#include <memory>

#include "cuda/cublas/event_timer.h"

namespace tf::cublas {

namespace {

constexpr std::size_t kWorkspaceBytes = 32u << 20;

// The cuBLASLt objects of one matmul, destroyed together.
struct LtObjects {
  cublasLtMatmulDesc_t desc = nullptr;
  cublasLtMatrixLayout_t a = nullptr, b = nullptr, c = nullptr;
  cublasLtMatmulPreference_t pref = nullptr;
  ~LtObjects() {
    if (pref != nullptr) cublasLtMatmulPreferenceDestroy(pref);
    if (c != nullptr) cublasLtMatrixLayoutDestroy(c);
    if (b != nullptr) cublasLtMatrixLayoutDestroy(b);
    if (a != nullptr) cublasLtMatrixLayoutDestroy(a);
    if (desc != nullptr) cublasLtMatmulDescDestroy(desc);
  }
};

template <typename T>
cublasStatus_t set_desc(cublasLtMatmulDesc_t d, cublasLtMatmulDescAttributes_t attr, const T& value) {
  return cublasLtMatmulDescSetAttribute(d, attr, &value, sizeof value);
}

// A column-major rows x cols layout with `batch` matrices `stride` elements apart.
Result<bool> make_layout(cublasLtMatrixLayout_t& out, cudaDataType type, std::int64_t rows, std::int64_t cols,
                         std::int64_t ld, std::int64_t batch, std::int64_t stride) {
  TF_CUBLAS_TRY(
      cublasLtMatrixLayoutCreate(&out, type, static_cast<std::uint64_t>(rows), static_cast<std::uint64_t>(cols), ld));
  if (batch > 1) {
    const std::int32_t count = static_cast<std::int32_t>(batch);
    TF_CUBLAS_TRY(cublasLtMatrixLayoutSetAttribute(out, CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT, &count, sizeof count));
    TF_CUBLAS_TRY(
        cublasLtMatrixLayoutSetAttribute(out, CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET, &stride, sizeof stride));
  }
  return true;
}

}  // namespace

Result<bool> run_lt_gemm(const LtGemm& g, int timed_repeats, GemmTiming* timing) {
  Result<LtHandle> handle = LtHandle::create();
  TF_TRY(handle);
  LtObjects o;
  TF_CUBLAS_TRY(cublasLtMatmulDescCreate(&o.desc, CUBLAS_COMPUTE_32F, CUDA_R_32F));
  TF_CUBLAS_TRY(set_desc(o.desc, CUBLASLT_MATMUL_DESC_TRANSA, CUBLAS_OP_T));
  TF_CUBLAS_TRY(set_desc(o.desc, CUBLASLT_MATMUL_DESC_TRANSB, CUBLAS_OP_N));
  // cuBLASLt's A is our Bt, its B our A (lt_gemm.h).
  if (g.bt.scales != nullptr) {
    TF_CUBLAS_TRY(set_desc(o.desc, CUBLASLT_MATMUL_DESC_A_SCALE_MODE, static_cast<std::int32_t>(g.bt.scale_mode)));
    TF_CUBLAS_TRY(set_desc(o.desc, CUBLASLT_MATMUL_DESC_A_SCALE_POINTER, g.bt.scales->get()));
  }
  if (g.a.scales != nullptr) {
    TF_CUBLAS_TRY(set_desc(o.desc, CUBLASLT_MATMUL_DESC_B_SCALE_MODE, static_cast<std::int32_t>(g.a.scale_mode)));
    TF_CUBLAS_TRY(set_desc(o.desc, CUBLASLT_MATMUL_DESC_B_SCALE_POINTER, g.a.scales->get()));
  }
  const std::int64_t m = g.a.outer, n = g.bt.outer;
  Result<bool> made = make_layout(o.a, g.bt.type, g.k, n, g.k, g.batch, g.bt.batch_stride);
  TF_TRY(made);
  made = make_layout(o.b, g.a.type, g.k, m, g.k, g.batch, g.a.batch_stride);
  TF_TRY(made);
  made = make_layout(o.c, CUDA_R_32F, n, m, n, g.batch, m * n);
  TF_TRY(made);
  TF_CUBLAS_TRY(cublasLtMatmulPreferenceCreate(&o.pref));
  const std::size_t workspace_bytes = kWorkspaceBytes;
  TF_CUBLAS_TRY(cublasLtMatmulPreferenceSetAttribute(o.pref, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES, &workspace_bytes,
                                                     sizeof workspace_bytes));
  cublasLtMatmulHeuristicResult_t found{};
  int count = 0;
  TF_CUBLAS_TRY(cublasLtMatmulAlgoGetHeuristic(handle->get(), o.desc, o.a, o.b, o.c, o.c, o.pref, 1, &found, &count));
  if (count == 0)
    return cublas_failure(fmt::format("cublasLtMatmulAlgoGetHeuristic (no algorithm for these types on this device)"),
                          CUBLAS_STATUS_NOT_SUPPORTED);
  Result<DeviceBuffer> workspace = DeviceBuffer::allocate(found.workspaceSize);
  TF_TRY(workspace);
  const float alpha = g.alpha, beta = 0.0f;
  auto launch = [&]() -> Result<bool> {
    TF_CUBLAS_TRY(cublasLtMatmul(handle->get(), o.desc, &alpha, g.bt.data->get(), o.a, g.a.data->get(), o.b, &beta,
                                 g.c->get(), o.c, g.c->get(), o.c, &found.algo, workspace->get(), found.workspaceSize,
                                 nullptr));
    return true;
  };
  Result<bool> ran = launch();
  TF_TRY(ran);
  TF_CUDA_TRY(cudaDeviceSynchronize());
  if (timing != nullptr && timed_repeats > 0) {
    Result<GemmTiming> t = time_launches(launch, timed_repeats);
    TF_TRY(t);
    *timing = *t;
  }
  return true;
}

}  // namespace tf::cublas
