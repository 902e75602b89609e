// hir.tensor.Cast, FullLike and Where, and HIR reference program 3's select.
#include <gtest/gtest.h>

#include <cmath>

#include "eval/hir/test/math_test_util.h"

namespace tf::eval::testing {
namespace {

constexpr double kInf = INFINITY;
constexpr double kNaN = NAN;

Tensor cast_to(const Tensor& x, DType target, const std::string& extra = "") {
  return eval_expr(fmt::format("cast(x, dtype={}{})", target.name(), extra), {x}, target,
                   x.shape());
}

TEST(HirEvalCast, Fp8AndE8m0RoundTrip) {
  // covers: TYPES.3.DTYPE.eval-cast-fp8e4m3
  const Tensor q = cast_to(f32({2}, {1.0, 0.5}), DType::fp8e4m3());
  EXPECT_TRUE(same_tensor(q, codes_of(DType::fp8e4m3(), {2}, {0x38, 0x30})));
  EXPECT_TRUE(same_tensor(cast_to(q, DType::f32()), f32({2}, {1.0, 0.5})));
  // covers: TYPES.3.DTYPE.eval-cast-f8e8m0
  const Tensor s = cast_to(f32({2}, {2.0, 0.25}), DType::f8e8m0());
  EXPECT_TRUE(same_tensor(s, codes_of(DType::f8e8m0(), {2}, {128, 125})));
  EXPECT_TRUE(same_tensor(cast_to(s, DType::f32()), f32({2}, {2.0, 0.25})));
}

TEST(HirEvalCast, AttributesOverrideTheTargetDefaults) {
  // fp8e4m3 saturates by default (D4); saturate=false gives NaN on overflow.
  const Tensor big = f32({3}, {500, -1000, 17});
  EXPECT_TRUE(same_tensor(cast_to(big, DType::fp8e4m3()),
                          tensor_of(DType::fp8e4m3(), {3}, {448, -448, 16})));
  EXPECT_TRUE(same_tensor(cast_to(big, DType::fp8e4m3(), ", saturate=false"),
                          codes_of(DType::fp8e4m3(), {3}, {0x7F, 0xFF, 0x58})));
  // f8e8m0 rounds up by default (rp: 3 -> 4); rounding=rz truncates (3 -> 2).
  EXPECT_TRUE(same_tensor(cast_to(f32({2}, {3, 5}), DType::f8e8m0()),
                          codes_of(DType::f8e8m0(), {2}, {129, 130})));
  EXPECT_TRUE(same_tensor(cast_to(f32({2}, {3, 5}), DType::f8e8m0(), ", rounding=rz"),
                          codes_of(DType::f8e8m0(), {2}, {128, 129})));
  // bf16 overflows to inf unless saturate=true.
  EXPECT_TRUE(same_tensor(cast_to(f32({1}, {3.4e38}), DType::bf16()),
                          tensor_of(DType::bf16(), {1}, {kInf})));
  EXPECT_TRUE(
      same_tensor(cast_to(f32({1}, {3.4e38}), DType::bf16(), ", rounding=rn, saturate=true"),
                  codes_of(DType::bf16(), {1}, {0x7F7F})));
}

TEST(HirEvalCast, IntegerAndBoolConversions) {
  // Float -> int truncates toward zero and saturates, NaN -> 0 (D4); int -> int wraps.
  EXPECT_TRUE(same_tensor(cast_to(f32({5}, {3.7, -3.7, kNaN, 1e10, -kInf}), DType::i32()),
                          ints(DType::i32(), {5}, {3, -3, 0, 2147483647, -2147483648LL})));
  EXPECT_TRUE(
      same_tensor(cast_to(ints(DType::i64(), {2}, {(std::int64_t{1} << 32) + 5, -1}), DType::i32()),
                  i32({2}, {5, -1})));
  EXPECT_TRUE(same_tensor(cast_to(f32({4}, {0, -0.0, kNaN, 2}), DType::boolean()),
                          boolean({4}, {0, 0, 1, 1})));
  EXPECT_TRUE(same_tensor(cast_to(boolean({2}, {1, 0}), DType::f32()), f32({2}, {1, 0})));
  // i32 -> f32 rounds to nearest even: 2^24 + 1 -> 2^24.
  EXPECT_TRUE(same_tensor(cast_to(i32({1}, {16777217}), DType::f32()), f32({1}, {16777216})));
}

TEST(HirEvalCast, F4e2m1TargetIsTheUnsupportedDtypeError) {
  // covers: TYPES.3.DTYPE.eval-cast-f4e2m1-unsupported
  Result<Value> r = run_expr("cast(x, dtype=f4e2m1)", {f32({2}, {1, 2})}, DType::f4e2m1(), {2});
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.diagnostics().front().rule_id, "TYPES.3.DTYPE.eval-cast-f4e2m1-unsupported")
      << error_text(r);
}

TEST(HirEvalCast, BlockScaledRoundTripOnTheGrid) {
  // Powers of two in one 32-element MX block quantize and dequantize exactly.
  std::vector<double> v;
  for (int i = 0; i < 32; ++i) v.push_back(std::ldexp(i % 2 == 0 ? 1.0 : -1.0, i % 5 - 2));
  const Tensor x = f32({32}, v);
  Result<Value> r = run_tfir(R"(
func f(x: Tensor[(32,), f32]) -> Tensor[(32,), f32] {
    q = cast(x, dtype=MXFP8_E4M3)
    r = cast(q, dtype=f32)
    return r
}
)",
                             {x});
  ASSERT_TRUE(r.ok()) << error_text(r);
  EXPECT_TRUE(same_tensor(r->tensor(), x));
}

TEST(HirEvalFullLike, ValueConvertsOnceWithTheDefaultMode) {
  EXPECT_TRUE(
      same_tensor(eval_like("full_like(x, value=0.1)", {f32({2}, {7, 8})}), f32({2}, {0.1, 0.1})));
  EXPECT_TRUE(same_tensor(eval_like("full_like(x, value=-3.7)", {i32({3}, {0, 0, 0})}),
                          i32({3}, {-3, -3, -3})));
  EXPECT_TRUE(
      same_tensor(eval_like("full_like(x, value=1000.0)", {tensor_of(DType::fp8e4m3(), {1}, {0})}),
                  tensor_of(DType::fp8e4m3(), {1}, {448})));
  // One rounding from the f64 attribute: 1 + 2^-8 + 2^-30 is just above the bf16 midpoint,
  // so it rounds up (through f32 first it would tie to even and round down).
  EXPECT_TRUE(same_tensor(
      eval_like("full_like(x, value=1.0039062509313226)", {tensor_of(DType::bf16(), {1}, {0})}),
      tensor_of(DType::bf16(), {1}, {1.0078125})));
  EXPECT_TRUE(same_tensor(eval_like("full_like(x, value=0.5)", {boolean({2}, {0, 0})}),
                          boolean({2}, {1, 1})));
  EXPECT_TRUE(same_tensor(eval_like("full_like(x, value=-inf)", {f32({}, {1})}), f32({}, {-kInf})));
  EXPECT_TRUE(
      same_tensor(eval_like("full_like(x, value=nan)", {tensor_of(DType::f16(), {0, 2}, {})}),
                  tensor_of(DType::f16(), {0, 2}, {})));
  // f4e2m1 values exist (only a Cast to it is refused): 5 rounds to 4 (RNE on the E2M1 grid).
  EXPECT_TRUE(same_tensor(
      eval_like("full_like(x, value=5.0)", {tensor_of(DType::f4e2m1(), {3}, {0, 0, 0})}),
      tensor_of(DType::f4e2m1(), {3}, {4, 4, 4})));
}

TEST(HirEvalWhere, ProgramThreeSelect) {
  // HIR reference program 3: where(x > 0, x, x * 0.1) with f32 rounding.
  Result<Value> r = run_tfir(R"(
func f(x: Tensor[(4,), f32]) -> Tensor[(4,), f32] {
    c = gt(x, 0.0)
    s = mul(x, 0.1)
    r = where(c, x, s)
    return r
}
)",
                             {f32({4}, {-1, 0.5, 2, -3})});
  ASSERT_TRUE(r.ok()) << error_text(r);
  EXPECT_TRUE(same_tensor(r->tensor(), f32({4}, {-1.0f * 0.1f, 0.5, 2, -3.0f * 0.1f})));
  EXPECT_EQ(values_of(r->tensor())[0], static_cast<double>(-0.1f));
}

TEST(HirEvalWhere, SelectsCodesBitForBitUnderThreeWayBroadcast) {
  // NaN payloads and -0 survive: the codes are copied, never converted.
  const Tensor x = codes_of(DType::f32(), {1, 3}, {0x7FC00123, 0x80000000, 0x3F800000});
  const Tensor y = codes_of(DType::f32(), {}, {0xFF800001});
  const Tensor c = boolean({2, 1}, {1, 0});
  const Tensor got = eval_expr("where(x, y, z)", {c, x, y}, DType::f32(), {2, 3});
  EXPECT_TRUE(same_bits(
      got, codes_of(DType::f32(), {2, 3},
                 {0x7FC00123, 0x80000000, 0x3F800000, 0xFF800001, 0xFF800001, 0xFF800001})));
  // Every storage width, packed f4e2m1 included.
  const Tensor m = boolean({4}, {1, 0, 0, 1});
  for (DType d : {DType::i64(), DType::i32(), DType::f16(), DType::fp8e4m3(), DType::f4e2m1(),
                  DType::boolean()}) {
    const Tensor a = tensor_of(d, {4}, {1, 1, 0, 0});
    const Tensor b = tensor_of(d, {4}, {0, 0, 1, 1});
    EXPECT_TRUE(
        same_bits(eval_expr("where(x, y, z)", {m, a, b}, d, {4}), tensor_of(d, {4}, {1, 0, 1, 0})))
        << d.name();
  }
  EXPECT_TRUE(
      same_tensor(eval_expr("where(x, y, z)", {boolean({0}, {}), f32({1}, {1}), f32({1}, {2})},
                            DType::f32(), {0}),
                  f32({0}, {})));
}

TEST(HirEvalWhere, BlockScaledBranchesSelectDequantizedValues) {
  std::vector<double> a(32), b(32), c(32), want(32);
  for (int i = 0; i < 32; ++i) {
    a[i] = std::ldexp(1.0, i % 3);
    b[i] = -std::ldexp(1.0, i % 5);
    c[i] = i % 3 == 0;
    want[i] = c[i] != 0 ? a[i] : b[i];
  }
  Result<Value> r = run_tfir(R"(
func f(c: Tensor[(32,), bool], x: Tensor[(32,), f32], y: Tensor[(32,), f32]) -> Tensor[(32,), f32] {
    p = cast(x, dtype=MXFP8_E4M3)
    q = cast(y, dtype=MXFP8_E4M3)
    s = where(c, p, q)
    o = cast(s, dtype=f32)
    return o
}
)",
                             {boolean({32}, c), f32({32}, a), f32({32}, b)});
  ASSERT_TRUE(r.ok()) << error_text(r);
  EXPECT_TRUE(same_tensor(r->tensor(), f32({32}, want)));
}

}  // namespace
}  // namespace tf::eval::testing
