// hir.nn.SoftMax, hir.nn.LayerNorm and hir.nn.RMSNorm (norm_eval.cpp). Results that go
// through exp or sqrt are compared with rtol 1e-6 (the f32 tolerance of the HIR reference programs:
// the expected values are decimal f64 references and glibc's expf is within 1 ulp, not correctly
// rounded); results that are exact by construction are compared bit for bit.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <cmath>
#include <limits>

#include "eval/hir/test/compute_test_util.h"
#include "eval/hir/test/eval_testing.h"

namespace tf::eval::testing {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

std::string softmax_fn(const std::string& shape, const std::string& dtype, int axis) {
  return fmt::format(
      "func sm(x: Tensor[{0}, {1}]) -> Tensor[{0}, {1}] {{\n    y = softmax(x, axis={2})\n"
      "    return y\n}}\n",
      shape, dtype, axis);
}

TEST(SoftMaxEval, F32MatchesTheReference) {
  // HIR reference program 5.
  Result<Value> r = run_tfir(softmax_fn("(3,)", "f32", 0), {f32({3}, {1, 2, 3})});
  ASSERT_TRUE(r.ok()) << error_text(r);
  EXPECT_TRUE(all_close(r->tensor(), f32({3}, {0.09003057, 0.24472848, 0.66524094}), 1e-6, 0));
}

TEST(SoftMaxEval, Bf16ComputesInF32AndRoundsOnce) {
  // Program 5: exact bf16 values (each f32 result is far from a bf16 tie).
  Result<Value> r = run_tfir(softmax_fn("(3,)", "bf16", 0),
                             {tensor_of(DType::bf16(), {3}, {1, 2, 3})});
  ASSERT_TRUE(r.ok()) << error_text(r);
  EXPECT_TRUE(same_tensor(r->tensor(),
                          tensor_of(DType::bf16(), {3}, {0.08984375, 0.24511719, 0.6640625})));
}

TEST(SoftMaxEval, LeadingAxisOfAMatrix) {
  // Over axis 0 of [[0, 1], [ln 3, 1]]: column 0 is softmax(0, ln 3) = (1/4, 3/4); column 1 has
  // two equal entries: exp(0) / 2 = 1/2 exactly.
  Result<Value> r = run_tfir(softmax_fn("(2, 2)", "f32", 0),
                             {f32({2, 2}, {0, 1, std::log(3.0), 1})});
  ASSERT_TRUE(r.ok()) << error_text(r);
  EXPECT_TRUE(all_close(r->tensor(), f32({2, 2}, {0.25, 0.5, 0.75, 0.5}), 1e-6, 0));
  EXPECT_EQ(values_of(r->tensor())[1], 0.5);
}

TEST(SoftMaxEval, LargeInputsDoNotOverflowAndSpecialsGiveNaN) {
  // The max is subtracted first: exp(0) / 2 = 0.5 exactly even for 1000.
  Result<Value> big = run_tfir(softmax_fn("(2,)", "f32", 0), {f32({2}, {1000, 1000})});
  ASSERT_TRUE(big.ok()) << error_text(big);
  EXPECT_TRUE(same_tensor(big->tensor(), f32({2}, {0.5, 0.5})));
  // -inf contributes exactly 0.
  Result<Value> ninf = run_tfir(softmax_fn("(2,)", "f32", 0), {f32({2}, {-kInf, 5})});
  ASSERT_TRUE(ninf.ok()) << error_text(ninf);
  EXPECT_TRUE(same_tensor(ninf->tensor(), f32({2}, {0, 1})));
  // A NaN, an all -inf row and a +inf make the row NaN (as torch).
  Result<Value> r = run_tfir(softmax_fn("(3, 2)", "f32", 1),
                             {f32({3, 2}, {kNaN, 1, -kInf, -kInf, kInf, 1})});
  ASSERT_TRUE(r.ok()) << error_text(r);
  EXPECT_TRUE(same_tensor(r->tensor(), f32({3, 2}, {kNaN, kNaN, kNaN, kNaN, kNaN, kNaN})));
}

std::string layer_norm_fn(const std::string& x, const std::string& wshape, const std::string& dt,
                          const std::string& wdt, int axis, const std::string& eps) {
  return fmt::format(
      "func ln(x: Tensor[{0}, {2}], w: Tensor[{1}, {3}], b: Tensor[{1}, {3}]) -> Tensor[{0}, {2}] "
      "{{\n    y = layer_norm(x, w, b, axis={4}, eps={5})\n    return y\n}}\n",
      x, wshape, dt, wdt, axis, eps);
}

TEST(LayerNormEval, LastAxisMatchesTheReference) {
  // HIR reference program 5 (torch's f32 values).
  Result<Value> r = run_tfir(layer_norm_fn("(1, 4)", "(4,)", "f32", "f32", -1, "1e-05"),
                             {f32({1, 4}, {1, 2, 3, 4}), f32({4}, {1, 1, 1, 1}), f32({4}, {0, 0, 0, 0})});
  ASSERT_TRUE(r.ok()) << error_text(r);
  EXPECT_TRUE(all_close(r->tensor(),
                        f32({1, 4}, {-1.34163547, -0.44721186, 0.44721180, 1.34163547}), 1e-6, 0));
}

TEST(LayerNormEval, NormalisesEverySuffixAxisWithWeightAndBias) {
  // axis 1 of (2, 2, 2): each row of 4 values is normalised. Row 0 = [1, 1, 3, 3] has mean 2 and
  // variance 1, so with eps 0 the normalised values are exactly [-1, -1, 1, 1]; then * w + b.
  Result<Value> r = run_tfir(layer_norm_fn("(2, 2, 2)", "(2, 2)", "f32", "f32", 1, "0.0"),
                             {f32({2, 2, 2}, {1, 1, 3, 3, 5, 5, 5, 5}),
                              f32({2, 2}, {1, 2, 3, 4}), f32({2, 2}, {0.5, 0, 0, -1})});
  ASSERT_TRUE(r.ok()) << error_text(r);
  // Row 1 is constant: d = 0, var = 0, rstd = 1 / sqrt(0) = inf, 0 * inf = NaN (eps 0 on a
  // constant row is the caller's NaN, as in torch).
  EXPECT_TRUE(same_tensor(r->tensor(), f32({2, 2, 2}, {-0.5, -2, 3, 3, kNaN, kNaN, kNaN, kNaN})));
}

TEST(LayerNormEval, Bf16InputWithF32WeightRoundsOnce) {
  // x = [1, 3] -> normalised [-1, 1] (eps 0), times w = 1 + 2^-8 + 2^-16 (f32): the f32 product
  // rounds to bf16 once, up to 1 + 2^-7.
  const double w = 1 + std::ldexp(1.0, -8) + std::ldexp(1.0, -16);
  Result<Value> r = run_tfir(layer_norm_fn("(1, 2)", "(2,)", "bf16", "f32", 1, "0.0"),
                             {tensor_of(DType::bf16(), {1, 2}, {1, 3}), f32({2}, {w, w}),
                              f32({2}, {0, 0})});
  ASSERT_TRUE(r.ok()) << error_text(r);
  const double up = 1 + std::ldexp(1.0, -7);
  EXPECT_TRUE(same_tensor(r->tensor(), tensor_of(DType::bf16(), {1, 2}, {-up, up})));
}

std::string rms_norm_fn(const std::string& x, int d, const std::string& dt, const std::string& eps) {
  return fmt::format(
      "func rn(x: Tensor[{0}, {2}], w: Tensor[({1},), {2}]) -> Tensor[{0}, {2}] {{\n"
      "    y = rms_norm(x, w, eps={3})\n    return y\n}}\n",
      x, d, dt, eps);
}

TEST(RMSNormEval, MatchesTheReference) {
  // HIR reference program 5.
  Result<Value> r = run_tfir(rms_norm_fn("(1, 4)", 4, "f32", "1e-06"),
                             {f32({1, 4}, {1, 2, 3, 4}), f32({4}, {1, 1, 2, 2})});
  ASSERT_TRUE(r.ok()) << error_text(r);
  EXPECT_TRUE(all_close(r->tensor(),
                        f32({1, 4}, {0.36514837, 0.73029673, 2.19089031, 2.92118692}), 1e-6, 0));
}

TEST(RMSNormEval, ExactCasesRowByRowAndTheDefaultEps) {
  // Rows of equal magnitude normalise to +-1 exactly with eps 0; the weight scales each column.
  Result<Value> r = run_tfir(rms_norm_fn("(2, 4)", 4, "f32", "0.0"),
                             {f32({2, 4}, {1, 1, 1, 1, -3, 3, -3, 3}), f32({4}, {1, 2, 3, 4})});
  ASSERT_TRUE(r.ok()) << error_text(r);
  EXPECT_TRUE(same_tensor(r->tensor(), f32({2, 4}, {1, 2, 3, 4, -1, 2, -3, 4})));
  // The default eps is 1e-6: an all-zero row stays 0 (0 * 1 / sqrt(1e-6)).
  Result<Value> z = run_tfir(R"(
func rn(x: Tensor[(1, 2), f32], w: Tensor[(2,), f32]) -> Tensor[(1, 2), f32] {
    y = rms_norm(x, w)
    return y
}
)",
                             {f32({1, 2}, {0, 0}), f32({2}, {1, 1})});
  ASSERT_TRUE(z.ok()) << error_text(z);
  EXPECT_TRUE(same_tensor(z->tensor(), f32({1, 2}, {0, 0})));
}

}  // namespace
}  // namespace tf::eval::testing
