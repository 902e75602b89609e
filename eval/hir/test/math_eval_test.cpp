// hir.math.Binary: every kind on floats, integers and bool, edge values, broadcasting, the
// f16 / bf16 single rounding, and HIR reference program 2 (integer floor semantics).
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "eval/hir/test/math_test_util.h"

namespace tf::eval::testing {
namespace {

constexpr double kInf = INFINITY;
constexpr double kNaN = NAN;
constexpr std::int64_t kI64Max = std::numeric_limits<std::int64_t>::max();
constexpr std::int64_t kI64Min = std::numeric_limits<std::int64_t>::min();
constexpr std::int64_t kI32Min = std::numeric_limits<std::int32_t>::min();

Tensor bin(const std::string& kind, const Tensor& x, const Tensor& y, Shape out = {}) {
  if (out.empty() && x.rank() > 0) out = x.shape();
  return eval_expr(kind + "(x, y)", {x, y}, x.dtype(), out);
}

Tensor cmp(const std::string& kind, const Tensor& x, const Tensor& y) {
  return eval_expr(kind + "(x, y)", {x, y}, DType::boolean(), x.shape());
}

TEST(HirEvalBinary, FloatArithmeticIsIeeeInF32) {
  const Tensor x = f32({6}, {1, 2, kInf, -0.0, -0.0, 1e38});
  const Tensor y = f32({6}, {0.5, kNaN, -kInf, -0.0, 0.0, 1e38});
  EXPECT_TRUE(same_tensor(bin("add", x, y), f32({6}, {1.5, kNaN, kNaN, -0.0, 0.0, 2e38})));
  EXPECT_TRUE(same_tensor(bin("sub", x, y), f32({6}, {0.5, kNaN, kInf, 0.0, -0.0, 0})));
  EXPECT_TRUE(same_tensor(bin("mul", x, y), f32({6}, {0.5, kNaN, -kInf, 0.0, -0.0, kInf})));
  const Tensor n = f32({5}, {1, -1, 0, 1, 7});
  const Tensor d = f32({5}, {0, 0, 0, -0.0, 3});
  // 7 / 3 rounds once to the nearest f32.
  EXPECT_TRUE(same_tensor(bin("div", n, d),
                          f32({5}, {kInf, -kInf, kNaN, -kInf, static_cast<float>(7.0 / 3.0)})));
  // 0.1 + 0.2 in f32 is 0.300000012 (the f32 sum of the f32 operands, not the f64 one).
  EXPECT_TRUE(same_tensor(bin("add", f32({1}, {0.1}), f32({1}, {0.2})),
                          f32({1}, {static_cast<float>(0.1f + 0.2f)})));
}

TEST(HirEvalBinary, MaxAndMinPropagateNaNAndOrderSignedZeros) {
  const Tensor x = f32({5}, {kNaN, 1, -0.0, 0.0, -kInf});
  const Tensor y = f32({5}, {0, kNaN, 0.0, -0.0, 3});
  EXPECT_TRUE(same_tensor(bin("max", x, y), f32({5}, {kNaN, kNaN, 0.0, 0.0, 3})));
  EXPECT_TRUE(same_tensor(bin("min", x, y), f32({5}, {kNaN, kNaN, -0.0, -0.0, -kInf})));
  // HIR reference program 3: maximum([NaN, 1], [0, 2]) = [NaN, 2].
  EXPECT_TRUE(same_tensor(bin("max", f32({2}, {kNaN, 1}), f32({2}, {0, 2})), f32({2}, {kNaN, 2})));
  EXPECT_TRUE(
      same_tensor(bin("min", i32({3}, {-5, 7, 0}), i32({3}, {3, -9, 0})), i32({3}, {-5, -9, 0})));
  EXPECT_TRUE(
      same_tensor(bin("max", boolean({2}, {0, 1}), boolean({2}, {0, 0})), boolean({2}, {0, 1})));
}

TEST(HirEvalBinary, FloatPowFollowsCPow) {
  const Tensor x = f32({8}, {2, 4, -8, 0, kNaN, 1, 2, -2});
  const Tensor y = f32({8}, {10, 0.5, 1.0 / 3, -1, 0, kNaN, -1, 3});
  EXPECT_TRUE(same_tensor(bin("pow", x, y), f32({8}, {1024, 2, kNaN, kInf, 1, 1, 0.5, -8})));
}

TEST(HirEvalBinary, FloatComparisonsAreIeee) {
  const Tensor x = f32({5}, {1, kNaN, -0.0, kInf, 3});
  const Tensor y = f32({5}, {2, kNaN, 0.0, kInf, kNaN});
  EXPECT_TRUE(same_tensor(cmp("eq", x, y), boolean({5}, {0, 0, 1, 1, 0})));
  EXPECT_TRUE(same_tensor(cmp("ne", x, y), boolean({5}, {1, 1, 0, 0, 1})));
  EXPECT_TRUE(same_tensor(cmp("lt", x, y), boolean({5}, {1, 0, 0, 0, 0})));
  EXPECT_TRUE(same_tensor(cmp("le", x, y), boolean({5}, {1, 0, 1, 1, 0})));
  EXPECT_TRUE(same_tensor(cmp("gt", x, y), boolean({5}, {0, 0, 0, 0, 0})));
  EXPECT_TRUE(same_tensor(cmp("ge", x, y), boolean({5}, {0, 0, 1, 1, 0})));
}

TEST(HirEvalBinary, IntegerComparisonsAreExactBeyondTwoTo53) {
  // 2^53 + 1 and 2^53 are one f32 / f64 value; the int64 domain tells them apart.
  const std::int64_t big = (std::int64_t{1} << 53) + 1;
  const Tensor x = ints(DType::i64(), {3}, {big, kI64Min, 5});
  const Tensor y = ints(DType::i64(), {3}, {big - 1, kI64Max, 5});
  EXPECT_TRUE(same_tensor(cmp("gt", x, y), boolean({3}, {1, 0, 0})));
  EXPECT_TRUE(same_tensor(cmp("eq", x, y), boolean({3}, {0, 0, 1})));
  EXPECT_TRUE(same_tensor(cmp("le", x, y), boolean({3}, {0, 1, 1})));
  EXPECT_TRUE(
      same_tensor(cmp("lt", boolean({2}, {0, 1}), boolean({2}, {1, 1})), boolean({2}, {1, 0})));
}

TEST(HirEvalBinary, IntegerArithmeticWrapsToTheWidth) {
  const Tensor a = ints(DType::i32(), {3}, {2147483647, kI32Min, 65536});
  const Tensor b = ints(DType::i32(), {3}, {1, 1, 65536});
  EXPECT_TRUE(
      same_tensor(bin("add", a, b), ints(DType::i32(), {3}, {kI32Min, kI32Min + 1, 131072})));
  EXPECT_TRUE(same_tensor(bin("sub", a, b), ints(DType::i32(), {3}, {2147483646, 2147483647, 0})));
  EXPECT_TRUE(same_tensor(bin("mul", a, b), ints(DType::i32(), {3}, {2147483647, kI32Min, 0})));
  const Tensor c = ints(DType::i64(), {2}, {kI64Max, kI64Min});
  const Tensor one = ints(DType::i64(), {2}, {1, -1});
  EXPECT_TRUE(same_tensor(bin("add", c, one), ints(DType::i64(), {2}, {kI64Min, kI64Max})));
  EXPECT_TRUE(same_tensor(bin("mul", c, ints(DType::i64(), {2}, {2, 2})),
                          ints(DType::i64(), {2}, {-2, 0})));
}

TEST(HirEvalBinary, FloorDivAndModFollowPython) {
  // HIR reference program 2.
  const Tensor a = i32({4}, {7, -7, 7, -7});
  const Tensor b = i32({4}, {2, 2, -2, -2});
  EXPECT_TRUE(same_tensor(bin("floor_div", a, b), i32({4}, {3, -4, -4, 3})));
  EXPECT_TRUE(same_tensor(bin("mod", a, b), i32({4}, {1, 1, -1, -1})));
  // Exact multiples, and the one overflowing quotient: MIN // -1 wraps to MIN, MIN % -1 is 0.
  const Tensor c = ints(DType::i32(), {4}, {-6, 6, 0, kI32Min});
  const Tensor d = ints(DType::i32(), {4}, {3, -3, -5, -1});
  EXPECT_TRUE(same_tensor(bin("floor_div", c, d), ints(DType::i32(), {4}, {-2, -2, 0, kI32Min})));
  EXPECT_TRUE(same_tensor(bin("mod", c, d), ints(DType::i32(), {4}, {0, 0, 0, 0})));
  const Tensor e = ints(DType::i64(), {3}, {kI64Min, kI64Min, kI64Max});
  const Tensor f = ints(DType::i64(), {3}, {-1, 3, -2});
  EXPECT_TRUE(
      same_tensor(bin("floor_div", e, f),
                  ints(DType::i64(), {3}, {kI64Min, -3074457345618258603, -4611686018427387904})));
  EXPECT_TRUE(same_tensor(bin("mod", e, f), ints(DType::i64(), {3}, {0, 1, -1})));
}

TEST(HirEvalBinary, IntegerDivisionByZeroIsAnEvalErrorNamingTheKind) {
  for (const char* kind : {"floor_div", "mod"}) {
    Result<Value> r = run_expr(std::string(kind) + "(x, y)",
                               {i32({3}, {1, 2, 3}), i32({3}, {1, 0, 1})}, DType::i32(), {3});
    ASSERT_FALSE(r.ok()) << kind;
    EXPECT_EQ(r.diagnostics().front().category, DiagCategory::Eval);
    EXPECT_NE(error_text(r).find(std::string(kind) + ": integer division by zero"),
              std::string::npos)
        << error_text(r);
  }
  // An empty result reads no divisor.
  EXPECT_TRUE(same_tensor(
      eval_expr("floor_div(x, y)", {i64({0, 2}, {}), i64({2}, {0, 0})}, DType::i64(), {0, 2}),
      i64({0, 2}, {})));
}

TEST(HirEvalBinary, IntegerPowWrapsAndTruncatesNegativeExponents) {
  const Tensor a = i64({8}, {2, 3, -2, 0, 1, -1, 2, -1});
  const Tensor b = i64({8}, {10, 0, 3, 0, -5, -3, -1, -4});
  EXPECT_TRUE(same_tensor(bin("pow", a, b), i64({8}, {1024, 1, -8, 1, 1, -1, 0, 1})));
  // 2^31 wraps in i32; 3^40 wraps in i64 (3^40 mod 2^64 = 12157665459056928801 - 2^64).
  EXPECT_TRUE(same_tensor(bin("pow", i32({2}, {2, -2}), i32({2}, {31, 31})),
                          ints(DType::i32(), {2}, {kI32Min, kI32Min})));
  EXPECT_TRUE(same_tensor(bin("pow", i64({1}, {3}), i64({1}, {40})),
                          ints(DType::i64(), {1}, {-6289078614652622815})));
  Result<Value> r = run_expr("pow(x, y)", {i32({2}, {0, 2}), i32({2}, {-1, 2})}, DType::i32(), {2});
  ASSERT_FALSE(r.ok());
  EXPECT_NE(error_text(r).find("pow: integer 0 raised to a negative power"), std::string::npos)
      << error_text(r);
}

TEST(HirEvalBinary, LogicalKindsOnBool) {
  const Tensor p = boolean({2, 2}, {0, 0, 1, 1});
  const Tensor q = boolean({2}, {0, 1});
  EXPECT_TRUE(same_tensor(eval_expr("and(x, y)", {p, q}, DType::boolean(), {2, 2}),
                          boolean({2, 2}, {0, 0, 0, 1})));
  EXPECT_TRUE(same_tensor(eval_expr("or(x, y)", {p, q}, DType::boolean(), {2, 2}),
                          boolean({2, 2}, {0, 1, 1, 1})));
}

TEST(HirEvalBinary, BroadcastingRightAlignsSizeOneAndRankZero) {
  const Tensor m = f32({2, 3}, {1, 2, 3, 4, 5, 6});
  EXPECT_TRUE(same_tensor(eval_expr("add(x, y)", {m, f32({3}, {10, 20, 30})}, DType::f32(), {2, 3}),
                          f32({2, 3}, {11, 22, 33, 14, 25, 36})));
  EXPECT_TRUE(same_tensor(eval_expr("sub(x, y)", {f32({2, 1}, {1, 2}), f32({1, 3}, {10, 20, 30})},
                                    DType::f32(), {2, 3}),
                          f32({2, 3}, {-9, -19, -29, -8, -18, -28})));
  // A rank-0 parameter, and a scalar literal (umat, rank 0) on either side.
  EXPECT_TRUE(same_tensor(eval_expr("mul(x, y)", {m, f32({}, {-2})}, DType::f32(), {2, 3}),
                          f32({2, 3}, {-2, -4, -6, -8, -10, -12})));
  EXPECT_TRUE(same_tensor(eval_expr("div(1.0, x)", {f32({2}, {4, -0.0})}, DType::f32(), {2}),
                          f32({2}, {0.25, -kInf})));
  EXPECT_TRUE(same_tensor(eval_expr("gt(x, 0.0)", {f32({3}, {-1, 0, 2})}, DType::boolean(), {3}),
                          boolean({3}, {0, 0, 1})));
  // A size-1 axis in the middle: (2, 1, 3) * (4, 1) -> (2, 4, 3).
  std::vector<double> a(6), b(4), want;
  for (int i = 0; i < 6; ++i) a[i] = i + 1;
  for (int j = 0; j < 4; ++j) b[j] = 10 * (j + 1);
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 4; ++j)
      for (int k = 0; k < 3; ++k) want.push_back(a[i * 3 + k] * b[j]);
  EXPECT_TRUE(same_tensor(
      eval_expr("mul(x, y)", {f32({2, 1, 3}, a), f32({4, 1}, b)}, DType::f32(), {2, 4, 3}),
      f32({2, 4, 3}, want)));
  // Integers broadcast the same way.
  EXPECT_TRUE(same_tensor(
      eval_expr("max(x, y)", {i32({2, 1}, {0, 5}), i32({3}, {-1, 3, 7})}, DType::i32(), {2, 3}),
      i32({2, 3}, {0, 3, 7, 5, 5, 7})));
}

TEST(HirEvalBinary, EmptyTensorsGiveEmptyResults) {
  EXPECT_TRUE(same_tensor(
      eval_expr("add(x, y)", {f32({0, 3}, {}), f32({3}, {1, 2, 3})}, DType::f32(), {0, 3}),
      f32({0, 3}, {})));
  EXPECT_TRUE(
      same_tensor(eval_expr("lt(x, y)", {f32({0}, {}), f32({1}, {1})}, DType::boolean(), {0}),
                  boolean({0}, {})));
  EXPECT_TRUE(
      same_tensor(eval_expr("add(x, y)", {i32({2, 0}, {}), i32({1}, {1})}, DType::i32(), {2, 0}),
                  i32({2, 0}, {})));
}

TEST(HirEvalBinary, NarrowFloatsComputeInF32AndRoundOnce) {
  // bf16: 1 + 2^-8 lies halfway between 1 and 1 + 2^-7 and ties to even (1); (1 + 2^-7) + 2^-8
  // ties up to 1 + 2^-6.
  const DType bf = DType::bf16();
  EXPECT_TRUE(same_tensor(
      bin("add", tensor_of(bf, {2}, {1, 1 + 0x1p-7}), tensor_of(bf, {2}, {0x1p-8, 0x1p-8})),
      tensor_of(bf, {2}, {1, 1 + 0x1p-6})));
  // f16: 65504 + 16 = 65520 is the overflow midpoint and rounds to inf; + 15 rounds back to
  // 65504. The f32 sum is exact, so the f16 result is the correctly rounded one.
  const DType h = DType::f16();
  EXPECT_TRUE(
      same_tensor(bin("add", tensor_of(h, {2}, {65504, 65504}), tensor_of(h, {2}, {16, 15})),
                  tensor_of(h, {2}, {kInf, 65504})));
  // f16 division: 1 / 3 is the f16 nearest to the f32 quotient.
  EXPECT_TRUE(same_tensor(bin("div", tensor_of(h, {1}, {1}), tensor_of(h, {1}, {3})),
                          tensor_of(h, {1}, {static_cast<double>(1.0f / 3.0f)})));
  // fp8e4m3 saturates by default (D4): 448 + 448 -> 448; comparisons widen exactly.
  const DType e4 = DType::fp8e4m3();
  EXPECT_TRUE(
      same_tensor(bin("add", tensor_of(e4, {2}, {448, 1}), tensor_of(e4, {2}, {448, 0.125})),
                  tensor_of(e4, {2}, {448, 1.125})));
  EXPECT_TRUE(same_tensor(cmp("lt", tensor_of(e4, {2}, {1, 2}), tensor_of(e4, {2}, {1.125, 2})),
                          boolean({2}, {1, 0})));
}

TEST(HirEvalBinary, BlockScaledOperandsDequantizeAndTheResultQuantizesOnce) {
  // max and lt take any dtype: block-scaled operands compute on their dequantized values, and a
  // block-scaled result quantizes once (D3). Powers of two stay exact through MXFP8_E4M3.
  std::vector<double> a(32), b(32), mx(32), lt(32);
  for (int i = 0; i < 32; ++i) {
    a[i] = std::ldexp(1.0, i % 4);
    b[i] = std::ldexp(i % 2 == 0 ? 1.0 : -1.0, 3 - i % 4);
    mx[i] = std::max(a[i], b[i]);
    lt[i] = a[i] < b[i];
  }
  Result<Value> r = run_tfir(R"(
func f(x: Tensor[(32,), f32], y: Tensor[(32,), f32]) -> Tuple[Tensor[(32,), f32], Tensor[(32,), bool]] {
    p = cast(x, dtype=MXFP8_E4M3)
    q = cast(y, dtype=MXFP8_E4M3)
    m = max(p, q)
    l = lt(p, q)
    o = cast(m, dtype=f32)
    return (o, l)
}
)",
                             {f32({32}, a), f32({32}, b)});
  ASSERT_TRUE(r.ok()) << error_text(r);
  EXPECT_TRUE(same_tensor(r->items()[0].tensor(), f32({32}, mx)));
  EXPECT_TRUE(same_tensor(r->items()[1].tensor(), boolean({32}, lt)));
}

}  // namespace
}  // namespace tf::eval::testing
