// hir.math.Unary, Clamp, Softplus and the hir.nn activations: exact values for every kind,
// edge values, integer wrap, and HIR reference program 3's unary and activation values.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "eval/hir/test/math_test_util.h"

namespace tf::eval::testing {
namespace {

constexpr double kInf = INFINITY;
constexpr double kNaN = NAN;
constexpr std::int64_t kI32Min = std::numeric_limits<std::int32_t>::min();

Tensor un(const std::string& kind, const Tensor& x) {
  return eval_like(kind + "(x)", {x});
}

// The f32 nearest to `v` (a long double evaluation of a reference formula).
double f32_near(long double v) {
  return static_cast<double>(static_cast<float>(v));
}

TEST(HirEvalUnary, SignKindsOnFloatsTouchOnlyTheSignBit) {
  const Tensor x = f32({5}, {1.5, -0.0, kNaN, -kInf, 0.0});
  EXPECT_TRUE(same_tensor(un("neg", x), f32({5}, {-1.5, 0.0, kNaN, kInf, -0.0})));
  EXPECT_TRUE(same_tensor(un("abs", x), f32({5}, {1.5, 0.0, kNaN, kInf, 0.0})));
  // relu keeps -0 and NaN (max(x, 0) as torch's clamp_min).
  EXPECT_TRUE(same_tensor(un("relu", x), f32({5}, {1.5, -0.0, kNaN, 0.0, 0.0})));
  EXPECT_TRUE(
      same_tensor(eval_like("unary(x, kind=relu)", {x}), f32({5}, {1.5, -0.0, kNaN, 0.0, 0.0})));
  EXPECT_TRUE(
      same_tensor(un("square", f32({4}, {3, -kInf, 1e20, -0.5})), f32({4}, {9, kInf, kInf, 0.25})));
}

TEST(HirEvalUnary, IntegerKindsWrap) {
  const Tensor x = ints(DType::i32(), {4}, {kI32Min, -7, 0, 65536});
  EXPECT_TRUE(same_tensor(un("neg", x), ints(DType::i32(), {4}, {kI32Min, 7, 0, -65536})));
  EXPECT_TRUE(same_tensor(un("abs", x), ints(DType::i32(), {4}, {kI32Min, 7, 0, 65536})));
  EXPECT_TRUE(same_tensor(un("relu", x), ints(DType::i32(), {4}, {0, 0, 0, 65536})));
  EXPECT_TRUE(same_tensor(eval_like("unary(x, kind=relu)", {x}),
                          ints(DType::i32(), {4}, {0, 0, 0, 65536})));
  EXPECT_TRUE(same_tensor(un("square", x), ints(DType::i32(), {4}, {0, 49, 0, 0})));
  const std::int64_t min64 = std::numeric_limits<std::int64_t>::min();
  EXPECT_TRUE(same_tensor(un("neg", ints(DType::i64(), {2}, {min64, 3})),
                          ints(DType::i64(), {2}, {min64, -3})));
  EXPECT_TRUE(same_tensor(eval_like("unary(x, kind=not)", {boolean({3}, {0, 1, 1})}),
                          boolean({3}, {1, 0, 0})));
}

TEST(HirEvalUnary, TranscendentalKindsAndTheirPoles) {
  // HIR reference program 3: rsqrt([4, 0]) = [0.5, +inf]; log([0, -1]) = [-inf, NaN].
  EXPECT_TRUE(same_tensor(un("rsqrt", f32({5}, {4, 0, -0.0, -1, kInf})),
                          f32({5}, {0.5, kInf, -kInf, kNaN, 0})));
  EXPECT_TRUE(same_tensor(un("log", f32({5}, {0, -1, 1, -0.0, kInf})),
                          f32({5}, {-kInf, kNaN, 0, -kInf, kInf})));
  EXPECT_TRUE(same_tensor(un("exp", f32({5}, {0, 1, -kInf, kInf, 100})),
                          f32({5}, {1, f32_near(std::exp(1.0L)), 0, kInf, kInf})));
  EXPECT_TRUE(same_tensor(un("exp2", f32({4}, {3, -1, 0.5, -200})),
                          f32({4}, {8, 0.5, f32_near(std::sqrt(2.0L)), 0})));
  EXPECT_TRUE(same_tensor(un("log2", f32({4}, {8, 0.5, 0, 3})),
                          f32({4}, {3, -1, -kInf, f32_near(std::log2(3.0L))})));
  // Correct rounding where f32 libm differs: rsqrt(3) and log(10) are the f32 nearest the
  // true values.
  EXPECT_TRUE(
      same_tensor(un("rsqrt", f32({1}, {3})), f32({1}, {f32_near(1.0L / std::sqrt(3.0L))})));
  EXPECT_TRUE(same_tensor(un("log", f32({1}, {10})), f32({1}, {f32_near(std::log(10.0L))})));
}

TEST(HirEvalUnary, CeilAndRoundHalfToEven) {
  // HIR reference program 3: round([0.5, 1.5, 2.5, -0.5, -1.5]) = [0, 2, 2, -0, -2];
  // ceil([-0.5, 1.2]) = [-0, 2].
  EXPECT_TRUE(same_tensor(un("round", f32({5}, {0.5, 1.5, 2.5, -0.5, -1.5})),
                          f32({5}, {0, 2, 2, -0.0, -2})));
  EXPECT_TRUE(same_tensor(un("round", f32({6}, {0.49999997, 2.5000002, 8388609, -2.5, kInf, kNaN})),
                          f32({6}, {0, 3, 8388609, -2, kInf, kNaN})));
  EXPECT_TRUE(same_tensor(un("ceil", f32({5}, {-0.5, 1.2, -1.5, 2, -kInf})),
                          f32({5}, {-0.0, 2, -1, 2, -kInf})));
  // bf16: 2.5 is exact in bf16 and rounds to 2.
  EXPECT_TRUE(same_tensor(un("round", tensor_of(DType::bf16(), {2}, {2.5, 3.5})),
                          tensor_of(DType::bf16(), {2}, {2, 4})));
}

TEST(HirEvalClamp, FloatClampIsMinOfMaxRoundedOnce) {
  // HIR reference program 3: clamp([-2, 0.3, 5], -1, 1) = [-1, 0.3, 1].
  EXPECT_TRUE(
      same_tensor(eval_like("clamp(x, min_val=-1.0, max_val=1.0)", {f32({3}, {-2, 0.3, 5})}),
                  f32({3}, {-1, 0.3, 1})));
  // NaN stays NaN; -0 against a 0 bound is +0 (maximum orders -0 below +0); bounds round once.
  EXPECT_TRUE(
      same_tensor(eval_like("clamp(x, min_val=0.0, max_val=0.1)", {f32({4}, {kNaN, -0.0, -5, 7})}),
                  f32({4}, {kNaN, 0.0, 0, 0.1})));
  // lo > hi gives hi everywhere (min is applied last).
  EXPECT_TRUE(same_tensor(eval_like("clamp(x, min_val=2.0, max_val=1.0)", {f32({3}, {0, 1.5, 3})}),
                          f32({3}, {1, 1, 1})));
  // bf16: the bound 0.3 rounds once to bf16.
  EXPECT_TRUE(same_tensor(
      eval_like("clamp(x, min_val=0.3, max_val=1.0)", {tensor_of(DType::bf16(), {2}, {0, 2})}),
      tensor_of(DType::bf16(), {2}, {0.3, 1})));
}

TEST(HirEvalClamp, IntegerClampConvertsTheBoundTowardZero) {
  // min(max(x, 1.5), 2.5) exactly, then toward zero: 1.5 -> 1, 2.5 -> 2.
  EXPECT_TRUE(
      same_tensor(eval_like("clamp(x, min_val=1.5, max_val=2.5)", {i32({5}, {-5, 1, 2, 3, 10})}),
                  i32({5}, {1, 1, 2, 2, 2})));
  // Bounds outside the width saturate; bounds wider than the values leave them unchanged.
  EXPECT_TRUE(same_tensor(eval_like("clamp(x, min_val=3e9, max_val=4e9)", {i32({2}, {0, -1})}),
                          i32({2}, {2147483647, 2147483647})));
  const std::int64_t big = (std::int64_t{1} << 53) + 1;
  EXPECT_TRUE(same_tensor(
      eval_like("clamp(x, min_val=-1e30, max_val=1e30)", {ints(DType::i64(), {2}, {big, -big})}),
      ints(DType::i64(), {2}, {big, -big})));
}

TEST(HirEvalSoftplus, TorchDefaultsWithThreshold20) {
  // HIR reference program 3 (listed to 8 digits; rtol 1e-6 covers that rounding).
  const Tensor got = eval_like("softplus(x)", {f32({4}, {-1, 0, 1, 2})});
  const std::vector<double> want = {0.31326169, 0.69314718, 1.31326163, 2.12692809};
  ASSERT_EQ(got.size(), 4);
  for (int i = 0; i < 4; ++i) EXPECT_NEAR(values_of(got)[i], want[i], 1e-6 * want[i]) << i;
  // Exactly: above 20 the input itself; at 20 log1p(e^20) rounds to 20; the infinities.
  EXPECT_TRUE(same_tensor(eval_like("softplus(x)", {f32({6}, {20.5, 20, 1e30, kInf, -kInf, kNaN})}),
                          f32({6}, {20.5, 20, 1e30, kInf, 0, kNaN})));
  EXPECT_TRUE(
      same_tensor(eval_like("softplus(x)", {f32({1}, {0})}), f32({1}, {f32_near(std::log(2.0L))})));
}

TEST(HirEvalActivations, ProgramThreeValues) {
  // HIR reference program 3 on [-1, 0, 1, 2] (listed to 8 digits; rtol 1e-6).
  const Tensor x = f32({4}, {-1, 0, 1, 2});
  struct Row {
    const char* expr;
    std::vector<double> want;
  };
  const Row rows[] = {
      {"gelu(x)", {-0.15880799, 0, 0.84119201, 1.95459771}},
      {"silu(x)", {-0.26894143, 0, 0.7310586, 1.76159406}},
      {"sigmoid(x)", {0.26894143, 0.5, 0.7310586, 0.88079703}},
      {"gelu(x, approximate=none)", {-0.15865525, 0, 0.84134475, 1.95449974}},
      {"tanh(x)", {-0.76159416, 0, 0.76159416, 0.96402758}},
  };
  for (const Row& row : rows) {
    const std::vector<double> got = values_of(eval_like(row.expr, {x}));
    ASSERT_EQ(got.size(), 4u) << row.expr;
    for (int i = 0; i < 4; ++i)
      EXPECT_NEAR(got[i], row.want[i], 1e-6 * std::fabs(row.want[i])) << row.expr << " " << i;
  }
}

TEST(HirEvalActivations, CorrectlyRoundedAndEdgeValues) {
  // Each is the f32 nearest the true value (a long double reference) at 0.75.
  const long double v = 0.75L;
  const long double sig = 1.0L / (1.0L + std::exp(-v));
  EXPECT_TRUE(same_tensor(eval_like("sigmoid(x)", {f32({1}, {0.75})}), f32({1}, {f32_near(sig)})));
  EXPECT_TRUE(same_tensor(eval_like("silu(x)", {f32({1}, {0.75})}), f32({1}, {f32_near(v * sig)})));
  EXPECT_TRUE(
      same_tensor(eval_like("tanh(x)", {f32({1}, {0.75})}), f32({1}, {f32_near(std::tanh(v))})));
  EXPECT_TRUE(same_tensor(eval_like("gelu(x, approximate=none)", {f32({1}, {0.75})}),
                          f32({1}, {f32_near(0.5L * v * (1.0L + std::erf(v / std::sqrt(2.0L))))})));
  // Infinities, NaN and signed zeros. silu / gelu at -inf are the formula's -inf * 0 = NaN.
  const Tensor e = f32({4}, {-kInf, kInf, kNaN, -0.0});
  EXPECT_TRUE(same_tensor(eval_like("sigmoid(x)", {e}), f32({4}, {0, 1, kNaN, 0.5})));
  EXPECT_TRUE(same_tensor(eval_like("tanh(x)", {e}), f32({4}, {-1, 1, kNaN, -0.0})));
  EXPECT_TRUE(same_tensor(eval_like("silu(x)", {e}), f32({4}, {kNaN, kInf, kNaN, -0.0})));
  EXPECT_TRUE(same_tensor(eval_like("gelu(x)", {e}), f32({4}, {kNaN, kInf, kNaN, -0.0})));
  EXPECT_TRUE(same_tensor(eval_like("relu(x)", {e}), f32({4}, {0, kInf, kNaN, -0.0})));
}

TEST(HirEvalActivations, NarrowFloatsRoundTheF32ResultOnce) {
  // silu in bf16 is the fused f32 value rounded once to bf16, not sigmoid rounded to bf16 and
  // then multiplied: at 6, silu = 5.98516 rounds to 6, while 6 * bf16(sigmoid(6)) =
  // 6 * 0.99609375 = 5.9765625 would round to 5.96875.
  const DType bf = DType::bf16();
  EXPECT_TRUE(same_tensor(eval_like("silu(x)", {tensor_of(bf, {2}, {6, -1})}),
                          tensor_of(bf, {2}, {6, f32_near(-1.0L / (1.0L + std::exp(1.0L)))})));
  // f16 exp: the f32 result rounded once to f16.
  const DType h = DType::f16();
  EXPECT_TRUE(same_tensor(un("exp", tensor_of(h, {2}, {1, 11.5})),
                          tensor_of(h, {2}, {f32_near(std::exp(1.0L)), kInf})));
}

}  // namespace
}  // namespace tf::eval::testing
