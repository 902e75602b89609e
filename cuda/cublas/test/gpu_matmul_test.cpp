// tf_cublas on a device (label gpu; every test skips without one): products of small integers,
// whose every partial sum is exact in f32, so that any summation order cuBLAS picks must give
// exactly the integer result. 2-D, batched with a shared operand, f16, f32 (pedantic: no TF32),
// fp8 where cuBLASLt has it, block-scaled where the device has it (else its diagnostic), and a
// timing.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "cuda/cublas/block_scaled_matmul.h"
#include "cuda/cublas/device.h"
#include "cuda/cublas/matmul.h"
#include "eval/value/tensor_convert.h"
#include "ir/numerics/block_format_of.h"

namespace tf::cublas {
namespace {

// Small integers in [-3, 3], a deterministic pattern that varies along rows and columns (so a
// swapped operand, a wrong leading dimension or a missing transpose changes the product).
std::vector<float> pattern(std::int64_t count, int salt) {
  std::vector<float> v(static_cast<std::size_t>(count));
  for (std::int64_t i = 0; i < count; ++i)
    v[static_cast<std::size_t>(i)] = static_cast<float>((i * 3 + salt) % 7 - 3);
  return v;
}

// The exact row-major product of batch x (m, k) and (k, n) (b shared when b_batch is false).
std::vector<double> exact_product(const std::vector<float>& a, const std::vector<float>& b, std::int64_t batch,
                                  std::int64_t m, std::int64_t k, std::int64_t n, bool b_batched) {
  std::vector<double> c(static_cast<std::size_t>(batch * m * n), 0.0);
  for (std::int64_t q = 0; q < batch; ++q)
    for (std::int64_t i = 0; i < m; ++i)
      for (std::int64_t j = 0; j < n; ++j)
        for (std::int64_t p = 0; p < k; ++p)
          c[static_cast<std::size_t>((q * m + i) * n + j)] +=
              static_cast<double>(a[static_cast<std::size_t>((q * m + i) * k + p)]) *
              b[static_cast<std::size_t>((b_batched ? q * k * n : 0) + p * n + j)];
  return c;
}

void expect_exact(const eval::Tensor& c, const std::vector<double>& want) {
  ASSERT_EQ(c.dtype(), DType::f32());
  ASSERT_EQ(c.size(), static_cast<std::int64_t>(want.size()));
  for (std::int64_t i = 0; i < c.size(); ++i)
    ASSERT_EQ(static_cast<double>(c.data<float>()[i]), want[static_cast<std::size_t>(i)]) << "element " << i;
}

class CublasOnDevice : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!device_unavailable().empty()) GTEST_SKIP() << device_unavailable();
  }
};

TEST_F(CublasOnDevice, ExactIntegerProductsInEveryGemmExDtype) {
  for (DType dtype : {DType::bf16(), DType::f16(), DType::f32()}) {
    const std::vector<float> a = pattern(64 * 96, 1), b = pattern(96 * 48, 2);
    Result<eval::Tensor> c = cublas_matmul(eval::from_f32(dtype, {64, 96}, a), eval::from_f32(dtype, {96, 48}, b));
    ASSERT_TRUE(c.ok()) << c.diagnostics().front().render();
    expect_exact(*c, exact_product(a, b, 1, 64, 96, 48, false));
  }
}

TEST_F(CublasOnDevice, BatchedWithASharedRightOperand) {
  const std::vector<float> a = pattern(3 * 32 * 16, 3), b = pattern(16 * 24, 4);
  Result<eval::Tensor> c =
      cublas_matmul(eval::from_f32(DType::bf16(), {3, 32, 16}, a), eval::from_f32(DType::bf16(), {16, 24}, b));
  ASSERT_TRUE(c.ok()) << c.diagnostics().front().render();
  EXPECT_EQ(c->shape(), (eval::Shape{3, 32, 24}));
  expect_exact(*c, exact_product(a, b, 3, 32, 16, 24, false));
}

TEST_F(CublasOnDevice, Fp8WhereCublasLtHasIt) {
  const std::vector<float> a = pattern(64 * 64, 5), b = pattern(64 * 32, 6);
  Result<eval::Tensor> c =
      cublas_matmul(eval::from_f32(DType::fp8e4m3(), {64, 64}, a), eval::from_f32(DType::fp8e4m3(), {64, 32}, b));
  const DeviceFacts facts = device_facts().value();
  if (facts.major * 10 + facts.minor < 89) {
    ASSERT_FALSE(c.ok());
    GTEST_SKIP() << facts.arch() << ": " << c.diagnostics().front().message;
  }
  ASSERT_TRUE(c.ok()) << c.diagnostics().front().render();
  expect_exact(*c, exact_product(a, b, 1, 64, 64, 32, false));
}

TEST_F(CublasOnDevice, BlockScaledWhereTheDeviceHasIt) {
  const numerics::BlockScaleFormat f = numerics::block_scale_format_of(DType::mxfp8_e4m3()).value();
  const std::vector<float> a = pattern(128 * 64, 7), bt = pattern(128 * 64, 8);
  const std::vector<std::int64_t> shape{128, 64};
  const eval::Tensor qa = eval::Tensor::block_scaled(
      DType::mxfp8_e4m3(), numerics::quantize(a, shape, f, numerics::ScaleMethod::Ocp).value());
  const eval::Tensor qb = eval::Tensor::block_scaled(
      DType::mxfp8_e4m3(), numerics::quantize(bt, shape, f, numerics::ScaleMethod::Ocp).value());
  Result<eval::Tensor> c = cublas_block_scaled_matmul(qa, qb);
  const DeviceFacts facts = device_facts().value();
  if (facts.major < 10) {
    ASSERT_FALSE(c.ok());
    EXPECT_NE(c.diagnostics().front().message.find("is not supported on " + facts.arch()), std::string::npos)
        << c.diagnostics().front().message;
    return;
  }
  ASSERT_TRUE(c.ok()) << c.diagnostics().front().render();
  // The quantized values of small integers are the integers (|x| <= 3 < 448), so the product is exact.
  std::vector<float> b(bt.size());
  for (std::int64_t p = 0; p < 64; ++p)
    for (std::int64_t j = 0; j < 128; ++j)
      b[static_cast<std::size_t>(p * 128 + j)] = bt[static_cast<std::size_t>(j * 64 + p)];
  expect_exact(*c, exact_product(a, b, 1, 128, 64, 128, false));
}

TEST_F(CublasOnDevice, ATimedGemmReportsItsTime) {
  GemmTiming t;
  Result<eval::Tensor> c =
      cublas_matmul(eval::from_f32(DType::bf16(), {256, 256}, pattern(256 * 256, 9)),
                    eval::from_f32(DType::bf16(), {256, 256}, pattern(256 * 256, 10)), {.timed_repeats = 5}, &t);
  ASSERT_TRUE(c.ok()) << c.diagnostics().front().render();
  EXPECT_EQ(t.repeats, 5);
  EXPECT_GT(t.milliseconds, 0.0);
}

}  // namespace
}  // namespace tf::cublas
