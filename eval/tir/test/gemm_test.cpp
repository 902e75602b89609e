// The tiled GEMM of kernel_text.h on the machine model: 4 warps per CTA over the SM80 atom,
// staged through shared memory, against the exact product (small integers: every sum exact).
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "eval/tir/test/kernel_text.h"
#include "eval/tir/test/tir_eval_testing.h"

namespace tf::eval::tir {
namespace {

Tensor small_integers(DType dtype, std::int64_t rows, std::int64_t cols, int seed) {
  std::vector<double> v;
  for (std::int64_t i = 0; i < rows * cols; ++i) v.push_back(static_cast<double>((i * 7 + seed * 13 + (i / cols) * 3) % 9 - 4));
  return eval::testing::tensor_of(dtype, {rows, cols}, v);
}

void expect_gemm(std::int64_t m, std::int64_t n, std::int64_t k) {
  const Tensor a = small_integers(DType::bf16(), m, k, 1), b = small_integers(DType::bf16(), k, n, 2);
  std::vector<double> expected(static_cast<std::size_t>(m * n), 0.0);
  const std::vector<double> av = eval::testing::values_of(a), bv = eval::testing::values_of(b);
  for (std::int64_t i = 0; i < m; ++i)
    for (std::int64_t j = 0; j < n; ++j)
      for (std::int64_t p = 0; p < k; ++p) expected[static_cast<std::size_t>(i * n + j)] += av[i * k + p] * bv[p * n + j];
  Result<TirRun> r = testing::run_tir(testing::tiled_gemm_text(m, n, k), "gemm", {a, b});
  ASSERT_TRUE(r.ok()) << testing::outcome(r);
  EXPECT_TRUE(eval::testing::same_tensor(r->outputs[0], eval::testing::f32({m, n}, expected))) << m << "x" << n << "x" << k;
}

TEST(TiledGemm, FourWarpsOverTheAtomComputeTheExactProduct) {
  expect_gemm(64, 64, 64);
  expect_gemm(128, 64, 32);
}

// The committed conformance case runs exactly the generated program.
TEST(TiledGemm, TheConformanceCaseIsTheGeneratedProgram) {
  std::ifstream in(std::string(TF_SOURCE_ROOT) + "/conformance/cases/tir/gemm_64x64x64.tfir");
  std::stringstream s;
  s << in.rdbuf();
  const std::string text = s.str(), program = testing::tiled_gemm_text(64, 64, 64);
  EXPECT_NE(text.find(program.substr(program.find('\n') + 1)), std::string::npos);
}

}  // namespace
}  // namespace tf::eval::tir
