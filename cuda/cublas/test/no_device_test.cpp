// tf_cublas without a device: arguments are judged first (the same Usage diagnostics with or
// without a GPU), and every entry that needs the device says clearly that there is none instead
// of crashing. The no-device expectations skip where a device is visible.
#include <gtest/gtest.h>

#include <vector>

#include "cuda/cublas/block_scaled_matmul.h"
#include "cuda/cublas/device.h"
#include "cuda/cublas/matmul.h"
#include "cuda/cublas/matmul_shape.h"
#include "eval/value/tensor_convert.h"
#include "ir/numerics/block_format_of.h"

namespace tf::cublas {
namespace {

eval::Tensor filled(DType dtype, eval::Shape shape, float value = 1.0f) {
  std::vector<float> v(static_cast<std::size_t>(eval::shape_size(shape)), value);
  return eval::from_f32(dtype, shape, v);
}

eval::Tensor block_scaled(DType dtype, std::int64_t rows, std::int64_t k) {
  const numerics::BlockScaleFormat f = numerics::block_scale_format_of(dtype).value();
  std::vector<float> v(static_cast<std::size_t>(rows * k), 0.5f);
  const std::vector<std::int64_t> shape{rows, k};
  return eval::Tensor::block_scaled(dtype, numerics::quantize(v, shape, f, numerics::default_scale_method(f)).value());
}

void expect_usage(const Result<eval::Tensor>& r, const std::string& piece) {
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.diagnostics().front().category, DiagCategory::Usage) << r.diagnostics().front().render();
  EXPECT_NE(r.diagnostics().front().message.find(piece), std::string::npos) << r.diagnostics().front().message;
}

void expect_no_device(const Result<eval::Tensor>& r) {
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.diagnostics().front().category, DiagCategory::Eval);
  EXPECT_EQ(r.diagnostics().front().message, device_unavailable());
}

TEST(CublasShapes, TwoAndThreeDimensionalOperands) {
  const MatmulShape s = matmul_shape(filled(DType::f32(), {4, 3}), filled(DType::f32(), {3, 5})).value();
  EXPECT_EQ(std::make_tuple(s.batch, s.m, s.n, s.k, s.batched), std::make_tuple(1, 4, 5, 3, false));
  const MatmulShape b = matmul_shape(filled(DType::f32(), {2, 4, 3}), filled(DType::f32(), {3, 5})).value();
  EXPECT_EQ(std::make_tuple(b.batch, b.batched, b.a_stride, b.b_stride), std::make_tuple(2, true, 12, 0));
  const MatmulShape c = matmul_shape(filled(DType::f32(), {4, 3}), filled(DType::f32(), {6, 3, 5})).value();
  EXPECT_EQ(std::make_tuple(c.batch, c.a_stride, c.b_stride), std::make_tuple(6, 0, 15));
}

TEST(CublasShapes, RefusalsNameBothShapes) {
  expect_usage(cublas_matmul(filled(DType::f32(), {4, 3}), filled(DType::f32(), {4, 5})),
               "(4, 3) and (4, 5): a's K 3 differs from b's K 4");
  expect_usage(cublas_matmul(filled(DType::f32(), {2, 4, 3}), filled(DType::f32(), {3, 3, 5})), "the batches differ");
  expect_usage(cublas_matmul(filled(DType::f32(), {4}), filled(DType::f32(), {4, 5})), "2-D or 3-D");
  expect_usage(cublas_matmul(filled(DType::f32(), {0, 3}), filled(DType::f32(), {3, 5})), "an extent is 0");
}

TEST(CublasShapes, DtypesCublasIsNotAskedToMultiplyAreUsageErrors) {
  expect_usage(cublas_matmul(filled(DType::bf16(), {4, 3}), filled(DType::f16(), {3, 5})), "these are bf16 and f16");
  expect_usage(cublas_matmul(filled(DType::i32(), {4, 3}), filled(DType::i32(), {3, 5})), "these are i32 and i32");
  expect_usage(cublas_block_scaled_matmul(filled(DType::f32(), {4, 32}), filled(DType::f32(), {4, 32})),
               "both operands must be block-scaled");
  expect_usage(
      cublas_block_scaled_matmul(block_scaled(DType::mxfp8_e4m3(), 4, 32), block_scaled(DType::mxfp8_e4m3(), 4, 64)),
      "different K");
  expect_usage(
      cublas_block_scaled_matmul(block_scaled(DType::mxfp8_e4m3(), 4, 32), block_scaled(DType::nvfp4(), 4, 32)),
      "different block formats");
  expect_usage(cublas_block_scaled_matmul(block_scaled(DType::mxint8(), 4, 32), block_scaled(DType::mxint8(), 4, 32)),
               "fp8e4m3, fp8e5m2 and f4e2m1");
}

TEST(CublasWithoutDevice, TheLibraryVersionsAreKnownWithoutADevice) {
  EXPECT_NE(library_versions().find("cuBLAS "), std::string::npos) << library_versions();
  EXPECT_NE(library_versions().find("cuBLASLt "), std::string::npos);
}

TEST(CublasWithoutDevice, EveryEntrySaysThereIsNoDevice) {
  if (device_unavailable().empty()) GTEST_SKIP() << "a CUDA device is visible (cublas_gpu_test runs on it)";
  EXPECT_EQ(device_unavailable().rfind("no CUDA device is visible (cudaGetDeviceCount", 0), 0u) << device_unavailable();
  const Result<DeviceFacts> facts = device_facts();
  ASSERT_FALSE(facts.ok());
  EXPECT_EQ(facts.diagnostics().front().message, device_unavailable());
  expect_no_device(cublas_matmul(filled(DType::bf16(), {64, 32}), filled(DType::bf16(), {32, 64})));
  expect_no_device(cublas_matmul(filled(DType::f32(), {2, 8, 4}), filled(DType::f32(), {4, 8}), {.timed_repeats = 3}));
  expect_no_device(cublas_matmul(filled(DType::fp8e4m3(), {16, 32}), filled(DType::fp8e5m2(), {32, 16})));
  expect_no_device(cublas_block_scaled_matmul(block_scaled(DType::mxfp8_e4m3(), 128, 64),
                                              block_scaled(DType::mxfp8_e4m3(), 128, 64)));
  expect_no_device(
      cublas_block_scaled_matmul(block_scaled(DType::nvfp4(), 128, 64), block_scaled(DType::nvfp4(), 128, 64)));
}

}  // namespace
}  // namespace tf::cublas
