// hir.nn.Conv2D (conv2d_eval.cpp): HIR reference program 15's cross-check, stride / padding /
// dilation / groups against a direct reference, integers, and the run-time error of a symbolic
// extent.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include "eval/hir/test/compute_test_util.h"
#include "eval/hir/test/eval_testing.h"

namespace tf::eval::testing {
namespace {

struct ConvCase {
  int n, c, h, w, o, kh, kw, groups, sh, sw, ph, pw, dh, dw;
  int oh() const { return (h + 2 * ph - dh * (kh - 1) - 1) / sh + 1; }
  int ow() const { return (w + 2 * pw - dw * (kw - 1) - 1) / sw + 1; }
};

std::string conv_fn(const ConvCase& k, const std::string& dtype) {
  const int oh = k.oh(), ow = k.ow();
  return fmt::format(
      "func cv(x: Tensor[({}, {}, {}, {}), {}], w: Tensor[({}, {}, {}, {}), {}], "
      "b: Tensor[({},), {}]) -> Tensor[({}, {}, {}, {}), {}] {{\n"
      "    y = conv2d(x, w, b, stride=({}, {}), padding=({}, {}), dilation=({}, {}), groups={})\n"
      "    return y\n}}\n",
      k.n, k.c, k.h, k.w, dtype, k.o, k.c / k.groups, k.kh, k.kw, dtype, k.o, dtype, k.n, k.o, oh,
      ow, dtype, k.sh, k.sw, k.ph, k.pw, k.dh, k.dw, k.groups);
}

// The direct definition of the grouped cross-correlation, in f64.
std::vector<double> reference(const ConvCase& k, const std::vector<double>& x,
                              const std::vector<double>& w, const std::vector<double>& b) {
  const int cg = k.c / k.groups, og = k.o / k.groups;
  std::vector<double> out;
  for (int n = 0; n < k.n; ++n)
    for (int o = 0; o < k.o; ++o)
      for (int y = 0; y < k.oh(); ++y)
        for (int xx = 0; xx < k.ow(); ++xx) {
          double s = b[o];
          for (int c = 0; c < cg; ++c)
            for (int i = 0; i < k.kh; ++i)
              for (int j = 0; j < k.kw; ++j) {
                const int iy = y * k.sh - k.ph + i * k.dh, ix = xx * k.sw - k.pw + j * k.dw;
                if (iy < 0 || iy >= k.h || ix < 0 || ix >= k.w) continue;
                const int ch = (o / og) * cg + c;
                s += x[((n * k.c + ch) * k.h + iy) * k.w + ix] *
                     w[((o * cg + c) * k.kh + i) * k.kw + j];
              }
          out.push_back(s);
        }
  return out;
}

TEST(Conv2DEval, HirCoreCrossCheck) {
  // HIR reference program 15: arange(16) as (1, 1, 4, 4), ones (1, 1, 2, 2), bias 1,
  // stride 2 -> [[11, 19], [43, 51]].
  const ConvCase k{1, 1, 4, 4, 1, 2, 2, 1, 2, 2, 0, 0, 1, 1};
  Result<Value> r = run_tfir(conv_fn(k, "f32"),
                             {arange_of(DType::f32(), {1, 1, 4, 4}),
                              f32({1, 1, 2, 2}, {1, 1, 1, 1}), f32({1}, {1})});
  ASSERT_TRUE(r.ok()) << error_text(r);
  EXPECT_TRUE(same_tensor(r->tensor(), f32({1, 1, 2, 2}, {11, 19, 43, 51})));
}

// Small integers keep every f32 sum exact, so the comparison is bit for bit.
void expect_matches_reference(const ConvCase& k, const std::string& dtype) {
  const DType d = DType::from_name(dtype).value();
  const std::vector<double> x = small_ints(k.n * k.c * k.h * k.w, 11);
  const std::vector<double> w = small_ints(k.o * (k.c / k.groups) * k.kh * k.kw, 12);
  const std::vector<double> b = small_ints(k.o, 13);
  Result<Value> r = run_tfir(conv_fn(k, dtype),
                             {tensor_of(d, {k.n, k.c, k.h, k.w}, x),
                              tensor_of(d, {k.o, k.c / k.groups, k.kh, k.kw}, w),
                              tensor_of(d, {k.o}, b)});
  ASSERT_TRUE(r.ok()) << error_text(r);
  EXPECT_TRUE(same_tensor(r->tensor(), tensor_of(d, {k.n, k.o, k.oh(), k.ow()}, reference(k, x, w, b))));
}

TEST(Conv2DEval, StridePaddingDilationAndGroupsMatchTheDefinition) {
  expect_matches_reference({2, 4, 5, 6, 6, 3, 2, 2, 2, 1, 1, 2, 2, 1}, "f32");
  expect_matches_reference({1, 3, 7, 7, 3, 3, 3, 3, 1, 1, 1, 1, 1, 1}, "f32");  // depthwise
  expect_matches_reference({1, 2, 4, 4, 4, 1, 1, 1, 1, 1, 0, 0, 1, 1}, "f32");  // 1x1
}

TEST(Conv2DEval, IntegerConvolutionIsExact) {
  expect_matches_reference({2, 4, 5, 6, 6, 3, 2, 2, 2, 1, 1, 2, 2, 1}, "i32");
}

TEST(Conv2DEval, Bf16ResultRoundsOnce) {
  // 1 * 1 + 2^-8 * 1 + 2^-16 * 1 + bias 0 is exact in f32 and rounds up to 1 + 2^-7 in bf16.
  const ConvCase k{1, 3, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 1, 1};
  Result<Value> r = run_tfir(
      conv_fn(k, "bf16"),
      {tensor_of(DType::bf16(), {1, 3, 1, 1}, {1, std::ldexp(1.0, -8), std::ldexp(1.0, -16)}),
       tensor_of(DType::bf16(), {1, 3, 1, 1}, {1, 1, 1}), tensor_of(DType::bf16(), {1}, {0})});
  ASSERT_TRUE(r.ok()) << error_text(r);
  EXPECT_TRUE(same_tensor(r->tensor(),
                          tensor_of(DType::bf16(), {1, 1, 1, 1}, {1 + std::ldexp(1.0, -7)})));
}

TEST(Conv2DEval, NonPositiveOutputOfASymbolicExtentIsAnEvalError) {
  Result<Value> r = run_tfir(R"(
dim H = DimVar("H", 1, 9)
func cv(x: Tensor[(1, 1, H, 4), f32], w: Tensor[(1, 1, 3, 3), f32], b: Tensor[(1,), f32]) -> Tensor[(1, 1, (H + 0 - 3) // 1 + 1, 2), f32] {
    y = conv2d(x, w, b, stride=(1, 1), padding=(0, 0), dilation=(1, 1), groups=1)
    return y
}
)",
                             {Tensor::make(DType::f32(), {1, 1, 2, 4}),
                              Tensor::make(DType::f32(), {1, 1, 3, 3}), f32({1}, {0})});
  EXPECT_TRUE(fails_with(r, DiagCategory::Eval, "output extent (0, 2) is not positive"));
}

}  // namespace
}  // namespace tf::eval::testing
