#include "cuda/cublas/block_scaled_matmul.h"

#include <fmt/format.h>

#include <bit>
#include <cstring>
#include <limits>
#include <optional>

#include "cuda/cublas/device.h"
#include "cuda/cublas/device_memory.h"
#include "cuda/cublas/lt_gemm.h"
#include "cuda/cublas/scale_tiles.h"
#include "ir/numerics/block_format_of.h"

namespace tf::cublas {

namespace {

Diagnostic refused(const eval::Tensor& a, const eval::Tensor& bt, std::string_view why) {
  return category_error(DiagCategory::Usage,
                        fmt::format("cuBLASLt block-scaled matmul of {} {} and {} {}: {}", a.dtype().name(),
                                    eval::shape_text(a.shape()), bt.dtype().name(), eval::shape_text(bt.shape()), why));
}

std::optional<cudaDataType> element_type(DType d) {
  if (d == DType::fp8e4m3()) return CUDA_R_8F_E4M3;
  if (d == DType::fp8e5m2()) return CUDA_R_8F_E5M2;
  if (d == DType::f4e2m1()) return CUDA_R_4F_E2M1;
  return std::nullopt;
}

// The element codes as cuBLASLt reads them: one per byte, or f4 packed two per byte through the
// project's own f4e2m1 storage (low nibble first).
std::vector<std::uint8_t> element_bytes(const numerics::BlockScaledValue& v, DType element) {
  if (element != DType::f4e2m1()) return v.element_codes;
  eval::Tensor packed = eval::Tensor::make(DType::f4e2m1(), v.shape);
  for (std::size_t i = 0; i < v.element_codes.size(); ++i)
    packed.set_code(static_cast<std::int64_t>(i), v.element_codes[i]);
  const std::span<const std::uint8_t> bytes = packed.bytes();
  return std::vector<std::uint8_t>(bytes.begin(), bytes.end());
}

float tensor_scale(const numerics::BlockScaledValue& v) {
  return v.tensor_scale_bits ? std::bit_cast<float>(*v.tensor_scale_bits) : 1.0f;
}

// One operand on the device: its elements and tiled scales.
struct UploadedOperand {
  DeviceBuffer elements;
  DeviceBuffer scales;
};

Result<UploadedOperand> upload(const eval::Tensor& t, const numerics::BlockScaleFormat& f) {
  const numerics::BlockScaledValue& v = t.planes();
  const std::int64_t rows = t.shape()[0], cols = t.shape()[1] / f.block_size;
  Result<DeviceBuffer> elements = DeviceBuffer::upload(element_bytes(v, f.element));
  TF_TRY(elements);
  Result<DeviceBuffer> scales = DeviceBuffer::upload(tiled_scales(v.block_scales, rows, cols));
  TF_TRY(scales);
  return UploadedOperand{std::move(elements).value(), std::move(scales).value()};
}

}  // namespace

Result<eval::Tensor> cublas_block_scaled_matmul(const eval::Tensor& a, const eval::Tensor& bt,
                                                const CublasOptions& options, GemmTiming* timing) {
  if (!a.is_block_scaled() || !bt.is_block_scaled()) return refused(a, bt, "both operands must be block-scaled");
  if (a.rank() != 2 || bt.rank() != 2) return refused(a, bt, "the operands are A (M, K) and Bt (N, K)");
  if (a.shape()[1] != bt.shape()[1]) return refused(a, bt, "A and Bt have different K");
  Result<numerics::BlockScaleFormat> fa = numerics::block_scale_format_of(a.dtype());
  TF_TRY(fa);
  Result<numerics::BlockScaleFormat> fb = numerics::block_scale_format_of(bt.dtype());
  TF_TRY(fb);
  if (fa->block_scale != fb->block_scale || fa->block_size != fb->block_size)
    return refused(a, bt, "the operands have different block formats");
  const std::optional<cudaDataType> ta = element_type(fa->element), tb = element_type(fb->element);
  if (!ta || !tb)
    return refused(a, bt, "cuBLASLt's block-scaled GEMM is wired here for fp8e4m3, fp8e5m2 and f4e2m1 elements");
  const bool nvfp4 = fa->block_scale == DType::fp8e4m3() && fa->block_size == 16;
  const bool mx = fa->block_scale == DType::f8e8m0() && fa->block_size == 32;
  if (!nvfp4 && !mx) return refused(a, bt, "the block format is neither MX (e8m0 per 32) nor NVFP4 (e4m3 per 16)");
  for (std::int64_t extent : {a.shape()[0], bt.shape()[0], a.shape()[1]})
    if (extent == 0 || extent > std::numeric_limits<int>::max())
      return refused(a, bt, "an extent is 0 or beyond 32 bits");
  if (!device_unavailable().empty()) return category_error(DiagCategory::Eval, device_unavailable());
  Result<DeviceFacts> facts = device_facts();
  TF_TRY(facts);
  if (facts->major < 10)
    return category_error(
        DiagCategory::Eval,
        fmt::format("block-scaled matmul through cuBLASLt ({}) is not supported on {}: it needs sm_100 or later",
                    nvfp4 ? "VEC16_UE4M3" : "VEC32_UE8M0", facts->arch()));
  Result<UploadedOperand> da = upload(a, *fa);
  TF_TRY(da);
  Result<UploadedOperand> dbt = upload(bt, *fb);
  TF_TRY(dbt);
  const std::int64_t m = a.shape()[0], n = bt.shape()[0];
  Result<DeviceBuffer> dc = DeviceBuffer::allocate(static_cast<std::size_t>(m * n) * sizeof(float));
  TF_TRY(dc);
  const cublasLtMatmulMatrixScale_t mode =
      nvfp4 ? CUBLASLT_MATMUL_MATRIX_SCALE_VEC16_UE4M3 : CUBLASLT_MATMUL_MATRIX_SCALE_VEC32_UE8M0;
  LtGemm g;
  g.a = LtOperand{&da->elements, *ta, m, 0, &da->scales, mode};
  g.bt = LtOperand{&dbt->elements, *tb, n, 0, &dbt->scales, mode};
  g.k = a.shape()[1];
  g.alpha = tensor_scale(a.planes()) * tensor_scale(bt.planes());
  g.c = &dc.value();
  Result<bool> ran = run_lt_gemm(g, options.timed_repeats, timing);
  TF_TRY(ran);
  eval::Tensor out = eval::Tensor::make_uninitialized(DType::f32(), {m, n});
  Result<bool> copied = dc->download(out.mutable_bytes());
  TF_TRY(copied);
  return out;
}

}  // namespace tf::cublas
