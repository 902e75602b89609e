// hir.nn.MatMul (matmul_eval.cpp) and the CUDA MMA tile ops (mma_eval.cpp).
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <cmath>
#include <limits>

#include "eval/hir/test/compute_test_util.h"
#include "eval/hir/test/eval_testing.h"

namespace tf::eval::testing {
namespace {

std::string matmul_fn(const std::string& lhs, const std::string& rhs, const std::string& out,
                      const std::string& dtype) {
  return fmt::format(
      "func mm(a: Tensor[{0}, {3}], b: Tensor[{1}, {3}]) -> Tensor[{2}, {3}] {{\n"
      "    c = matmul(a, b)\n    return c\n}}\n",
      lhs, rhs, out, dtype);
}

// The reference product of row-major (batch, m, k) and (batch or 1, k, n) in f64.
std::vector<double> reference(const std::vector<double>& a, const std::vector<double>& b,
                              int batch, int m, int k, int n, bool rhs_batched) {
  std::vector<double> c(static_cast<std::size_t>(batch * m * n), 0.0);
  for (int t = 0; t < batch; ++t)
    for (int i = 0; i < m; ++i)
      for (int j = 0; j < n; ++j) {
        double s = 0;
        for (int p = 0; p < k; ++p)
          s += a[(t * m + i) * k + p] * b[((rhs_batched ? t : 0) * k + p) * n + j];
        c[(t * m + i) * n + j] = s;
      }
  return c;
}

TEST(MatMulEval, RankTwoRhsBroadcastsOverTheLhsBatch) {
  // HIR reference program 6.
  Result<Value> r = run_tfir(matmul_fn("(2, 2, 3)", "(3, 2)", "(2, 2, 2)", "f32"),
                             {arange_of(DType::f32(), {2, 2, 3}), f32({3, 2}, {1, 0, 0, 1, 1, 1})});
  ASSERT_TRUE(r.ok()) << error_text(r);
  EXPECT_TRUE(same_tensor(r->tensor(), f32({2, 2, 2}, {2, 3, 8, 9, 14, 15, 20, 21})));
}

TEST(MatMulEval, BatchAxesBroadcastBothWays) {
  // lhs (2, 1, 2, 3) against rhs (3, 3, 2): the result is (2, 3, 2, 2); lhs batch (i, 0) meets
  // rhs batch j. Small integers: every f32 sum is exact.
  const std::vector<double> a = small_ints(2 * 2 * 3, 1), b = small_ints(3 * 3 * 2, 2);
  std::vector<double> want;
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 3; ++j) {
      std::vector<double> ai(a.begin() + i * 6, a.begin() + i * 6 + 6);
      std::vector<double> bj(b.begin() + j * 6, b.begin() + j * 6 + 6);
      for (double v : reference(ai, bj, 1, 2, 3, 2, false)) want.push_back(v);
    }
  Result<Value> r = run_tfir(matmul_fn("(2, 1, 2, 3)", "(3, 3, 2)", "(2, 3, 2, 2)", "f32"),
                             {f32({2, 1, 2, 3}, a), f32({3, 3, 2}, b)});
  ASSERT_TRUE(r.ok()) << error_text(r);
  EXPECT_TRUE(same_tensor(r->tensor(), f32({2, 3, 2, 2}, want)));
}

TEST(MatMulEval, AgreesWithAnF64ReferenceOnAnOddSizedProduct) {
  // 37 x 53 @ 53 x 29 of values in [-1, 1): Eigen's f32 GEMM sums in its own blocked order, so
  // it differs from the f64 reference by f32 rounding of 53-term sums: rtol 1e-5 plus atol 1e-5
  // for sums that cancel near zero.
  std::vector<double> a(37 * 53), b(53 * 29);
  for (std::size_t i = 0; i < a.size(); ++i) a[i] = std::sin(0.37 * static_cast<double>(i));
  for (std::size_t i = 0; i < b.size(); ++i) b[i] = std::cos(0.11 * static_cast<double>(i));
  const Tensor ta = f32({37, 53}, a), tb = f32({53, 29}, b);
  Result<Value> r = run_tfir(matmul_fn("(37, 53)", "(53, 29)", "(37, 29)", "f32"), {ta, tb});
  ASSERT_TRUE(r.ok()) << error_text(r);
  EXPECT_TRUE(all_close(r->tensor(),
                        f32({37, 29}, reference(values_of(ta), values_of(tb), 1, 37, 53, 29, false)),
                        1e-5, 1e-5));
}

TEST(MatMulEval, EmptyContractionGivesZeros) {
  Result<Value> r = run_tfir(matmul_fn("(2, 0)", "(0, 3)", "(2, 3)", "f32"),
                             {Tensor::make(DType::f32(), {2, 0}), Tensor::make(DType::f32(), {0, 3})});
  ASSERT_TRUE(r.ok()) << error_text(r);
  EXPECT_TRUE(same_tensor(r->tensor(), f32({2, 3}, {0, 0, 0, 0, 0, 0})));
}

TEST(MatMulEval, Bf16ResultRoundsOnceFromF32) {
  // 1 + 2^-8 + 2^-16 is exact in f32 and above the bf16 tie: it rounds up to 1 + 2^-7.
  const Tensor a = tensor_of(DType::bf16(), {1, 3}, {1, std::ldexp(1.0, -8), std::ldexp(1.0, -16)});
  const Tensor b = tensor_of(DType::bf16(), {3, 1}, {1, 1, 1});
  Result<Value> r = run_tfir(matmul_fn("(1, 3)", "(3, 1)", "(1, 1)", "bf16"), {a, b});
  ASSERT_TRUE(r.ok()) << error_text(r);
  EXPECT_TRUE(same_tensor(r->tensor(), tensor_of(DType::bf16(), {1, 1}, {1 + std::ldexp(1.0, -7)})));
}

TEST(MatMulEval, IntegerProductsWrapToTheResultWidth) {
  // Row 0: 65536 * 65536 = 2^32 wraps to 0 in i32. Row 1: (2^31 - 1) * 2^16 + 1 * 1 =
  // 2^47 - 2^16 + 1, which is -2^16 + 1 = -65535 modulo 2^32.
  Result<Value> r = run_tfir(matmul_fn("(2, 2)", "(2, 1)", "(2, 1)", "i32"),
                             {i32({2, 2}, {65536, 0, 2147483647, 1}), i32({2, 1}, {65536, 1})});
  ASSERT_TRUE(r.ok()) << error_text(r);
  EXPECT_TRUE(same_tensor(r->tensor(), i32({2, 1}, {0, -65535})));
}

std::string mma_fn(const char* op, const char* a, const char* b, const char* c, const char* da,
                   const char* db, const char* dc) {
  return fmt::format(
      "func m(a: Tensor[{2}, {4}], b: Tensor[{3}, {5}]) -> Tensor[{7}, {6}] {{\n"
      "    c = {0}(a, b, dtype_a={4}, dtype_b={5}, dtype_acc={6})\n    return c\n}}\n",
      op, "", a, b, da, db, dc, c);
}

Tensor splat(DType dtype, Shape shape, double v) {
  return tensor_of(dtype, shape, std::vector<double>(static_cast<std::size_t>(shape_size(shape)), v));
}

TEST(MmaEval, Sm80OnesAccumulateToSixteen) {
  // HIR reference program 6: bf16 ones, f32 accumulator -> 16 everywhere.
  Result<Value> r = run_tfir(
      mma_fn("mma_sm80_16x8x16", "(16, 16)", "(16, 8)", "(16, 8)", "bf16", "bf16", "f32"),
      {splat(DType::bf16(), {16, 16}, 1), splat(DType::bf16(), {16, 8}, 1)});
  ASSERT_TRUE(r.ok()) << error_text(r);
  EXPECT_TRUE(same_tensor(r->tensor(), splat(DType::f32(), {16, 8}, 16)));
}

TEST(MmaEval, F16OperandsIntoF32AndIntoF16) {
  // Program 6: f16 twos into f32 give 16 * 4 = 64; f16 64s into an f16 accumulator give
  // 16 * 4096 = 65536, which rounds to +inf in f16 (>= 65520).
  Result<Value> r = run_tfir(
      mma_fn("mma_sm80_16x8x16", "(16, 16)", "(16, 8)", "(16, 8)", "f16", "f16", "f32"),
      {splat(DType::f16(), {16, 16}, 2), splat(DType::f16(), {16, 8}, 2)});
  ASSERT_TRUE(r.ok()) << error_text(r);
  EXPECT_TRUE(same_tensor(r->tensor(), splat(DType::f32(), {16, 8}, 64)));
  Result<Value> h = run_tfir(
      mma_fn("mma_sm80_16x8x16", "(16, 16)", "(16, 8)", "(16, 8)", "f16", "f16", "f16"),
      {splat(DType::f16(), {16, 16}, 64), splat(DType::f16(), {16, 8}, 64)});
  ASSERT_TRUE(h.ok()) << error_text(h);
  EXPECT_TRUE(same_tensor(h->tensor(),
                          splat(DType::f16(), {16, 8}, std::numeric_limits<double>::infinity())));
}

TEST(MmaEval, F32AccumulatesSequentiallyOverK) {
  // Row 0 of a is 1 followed by fifteen 2^-24: summed in k order in f32 each 2^-24 ties back
  // to 1, so C[0, :] is exactly 1 (an f64 sum would round to 1 + 2^-20).
  std::vector<double> a(16 * 16, 0.0);
  a[0] = 1;
  for (int p = 1; p < 16; ++p) a[p] = std::ldexp(1.0, -24);
  Result<Value> r = run_tfir(
      mma_fn("mma_sm80_16x8x16", "(16, 16)", "(16, 8)", "(16, 8)", "f32", "f32", "f32"),
      {f32({16, 16}, a), splat(DType::f32(), {16, 8}, 1)});
  ASSERT_TRUE(r.ok()) << error_text(r);
  std::vector<double> want(16 * 8, 0.0);
  for (int j = 0; j < 8; ++j) want[j] = 1;
  EXPECT_TRUE(same_tensor(r->tensor(), f32({16, 8}, want)));
}

TEST(MmaEval, Sm90WgmmaTileMatchesTheReference) {
  const std::vector<double> a = small_ints(64 * 16, 5), b = small_ints(16 * 128, 6);
  Result<Value> r = run_tfir(
      mma_fn("wgmma_sm90_64x128x16", "(64, 16)", "(16, 128)", "(64, 128)", "bf16", "bf16", "bf16"),
      {tensor_of(DType::bf16(), {64, 16}, a), tensor_of(DType::bf16(), {16, 128}, b)});
  ASSERT_TRUE(r.ok()) << error_text(r);
  // Sums of 16 products of integers in [-3, 3] are integers of magnitude <= 144: exact in bf16.
  EXPECT_TRUE(same_tensor(r->tensor(),
                          tensor_of(DType::bf16(), {64, 128}, reference(a, b, 1, 64, 16, 128, false))));
}

}  // namespace
}  // namespace tf::eval::testing
