// D5 comparisons: exact with NaN as a class and -0 != +0, allclose on exact values, ulp across
// zero and at the infinities, block-scaled planes, tuples, and the messages.
#include "eval/value/compare.h"

#include <gtest/gtest.h>

#include "eval/value/literal.h"
#include "eval/value/tensor_convert.h"

namespace tf::eval {
namespace {

Tensor lit(const std::string& text) {
  Result<Tensor> t = parse_literal(text, SourceLocation{"c.tfir", 1, 1}, {});
  TF_CHECK(t.ok(), "bad test literal {}: {}", text, t.ok() ? "" : t.diagnostics()[0].message);
  return *t;
}

Verdict cmp(const std::string& actual, const std::string& expected,
            Comparator c = Comparator::exact()) {
  return compare_tensors(lit(actual), lit(expected), c);
}

TEST(Compare, ExactEqualCodesPass) {
  Verdict v = cmp("Tensor[(2, 2), f32]{1, 2, 3, 4}", "Tensor[(2, 2), f32]{1, 2, 3, 4}");
  EXPECT_TRUE(v.passed);
  EXPECT_EQ(v.mismatches, 0);
  EXPECT_EQ(v.message, "");
}

TEST(Compare, NanIsOneClass) {
  EXPECT_TRUE(cmp("Tensor[(3,), f32] bits{0x7fc00000, 0x7f800001, 0xffffffff}",
                  "Tensor[(3,), f32] bits{0xffc00000, 0x7fc00000, 0x7fc00001}")
                  .passed);
  EXPECT_TRUE(
      cmp("Tensor[(2,), fp8e4m3] bits{0x7f, 0xff}", "Tensor[(2,), fp8e4m3] bits{0xff, 0x7f}")
          .passed);
  EXPECT_TRUE(cmp("Tensor[(1,), bf16]{nan}", "Tensor[(1,), bf16] bits{0xffc1}").passed);
  EXPECT_FALSE(cmp("Tensor[(1,), f32]{nan}", "Tensor[(1,), f32]{inf}").passed);
}

TEST(Compare, SignedZerosDiffer) {
  Verdict v = cmp("Tensor[(2,), f32]{1, -0}", "Tensor[(2,), f32]{1, 0}");
  EXPECT_FALSE(v.passed);
  EXPECT_EQ(v.mismatches, 1);
  EXPECT_EQ(v.message,
            "1 of 2 elements differ (exact); first at [1]: actual -0 (0x80000000), expected 0 "
            "(0x00000000)");
}

TEST(Compare, MessagesNameTheFirstMismatchByCoordinates) {
  Verdict v = cmp("Tensor[(2, 3), i32]{1, 2, 3, 4, 9, 9}", "Tensor[(2, 3), i32]{1, 2, 3, 4, 5, 6}");
  EXPECT_EQ(v.mismatches, 2);
  EXPECT_EQ(v.message,
            "2 of 6 elements differ (exact); first at [1, 1]: actual 9 (0x00000009), expected 5 "
            "(0x00000005)");
  Verdict s = cmp("Tensor[(), bool]{true}", "Tensor[(), bool]{false}");
  EXPECT_EQ(s.message,
            "1 of 1 elements differ (exact); first at []: actual true (0x1), expected false (0x0)");
}

TEST(Compare, DtypeAndShapeMustAgree) {
  Verdict d =
      cmp("Tensor[(2,), f32]{1, 2}", "Tensor[(2,), bf16]{1, 2}", Comparator::allclose(1, 1));
  EXPECT_FALSE(d.passed);
  EXPECT_EQ(d.message, "the dtype differs: actual f32, expected bf16");
  Verdict s = cmp("Tensor[(2, 1), f32]{1, 2}", "Tensor[(1, 2), f32]{1, 2}");
  EXPECT_EQ(s.message, "the shape differs: actual (2, 1), expected (1, 2)");
}

TEST(Compare, AllClose) {
  const Comparator c = Comparator::allclose(1e-5, 0);
  EXPECT_TRUE(cmp("Tensor[(1,), f32]{1.000009}", "Tensor[(1,), f32]{1}", c).passed);
  Verdict far = cmp("Tensor[(1,), f32]{1.0001}", "Tensor[(1,), f32]{1}", c);
  EXPECT_FALSE(far.passed);
  EXPECT_EQ(far.message,
            "1 of 1 elements differ (allclose(rtol=1e-05, atol=0)); first at [0]: actual 1.0001 "
            "(0x3f800347), "
            "expected 1 (0x3f800000), |actual - expected| = 0.00010001659393310547 > 1e-05");
  // The tolerance scales with the expected value, not the actual one.
  EXPECT_TRUE(cmp("Tensor[(1,), f32]{0}", "Tensor[(1,), f32]{0}", c).passed);
  EXPECT_FALSE(cmp("Tensor[(1,), f32]{1e-30}", "Tensor[(1,), f32]{0}", c).passed);
  EXPECT_TRUE(
      cmp("Tensor[(1,), f32]{1e-30}", "Tensor[(1,), f32]{0}", Comparator::allclose(0, 1e-29))
          .passed);
  EXPECT_TRUE(cmp("Tensor[(2,), f32]{nan, inf}", "Tensor[(2,), f32]{nan, inf}", c).passed);
  EXPECT_FALSE(
      cmp("Tensor[(1,), f32]{inf}", "Tensor[(1,), f32]{-inf}", Comparator::allclose(1, 1e30))
          .passed);
  EXPECT_FALSE(
      cmp("Tensor[(1,), f32]{inf}", "Tensor[(1,), f32]{3e38}", Comparator::allclose(1, 1e300))
          .passed);
  EXPECT_FALSE(
      cmp("Tensor[(1,), f32]{nan}", "Tensor[(1,), f32]{1}", Comparator::allclose(1, 1e300)).passed);
  // Integers: the difference is exact (2^62 - (-2^62) = 2^63 would overflow int64).
  EXPECT_TRUE(
      cmp("Tensor[(1,), i64]{9}", "Tensor[(1,), i64]{10}", Comparator::allclose(0.1, 0)).passed);
  EXPECT_FALSE(cmp("Tensor[(1,), i64]{4611686018427387904}",
                   "Tensor[(1,), i64]{-4611686018427387904}", Comparator::allclose(0, 9.2e18))
                   .passed);
  EXPECT_TRUE(cmp("Tensor[(1,), i64]{4611686018427387904}",
                  "Tensor[(1,), i64]{-4611686018427387904}", Comparator::allclose(0, 9.3e18))
                  .passed);
}

TEST(Compare, UlpDistances) {
  const DType f32 = DType::f32();
  EXPECT_EQ(ulp_distance(0x3f800000, 0x3f800001, f32), 1u);
  EXPECT_EQ(ulp_distance(0x00000001, 0x80000001, f32), 2u);  // across zero
  EXPECT_EQ(ulp_distance(0x00000000, 0x80000000, f32), 0u);  // -0 and +0 are one point
  EXPECT_EQ(ulp_distance(0x3f800000, 0xbf800000, f32), 2u * 0x3f800000u);
  EXPECT_EQ(ulp_distance(0x7f7fffff, 0x7f800000, f32), std::nullopt);  // max finite vs inf
  EXPECT_EQ(ulp_distance(0x7f800000, 0x7f800000, f32), 0u);
  EXPECT_EQ(ulp_distance(0xff800000, 0x7f800000, f32), std::nullopt);
  EXPECT_EQ(ulp_distance(0x7fc00000, 0xffc00001, f32), 0u);  // NaN class
  EXPECT_EQ(ulp_distance(0x7fc00000, 0x3f800000, f32), std::nullopt);
  EXPECT_EQ(ulp_distance(0x8001, 0x0001, DType::bf16()), 2u);
  EXPECT_EQ(ulp_distance(0x7e, 0x7d, DType::fp8e4m3()), 1u);
  EXPECT_EQ(ulp_distance(0x7e, 0xfe, DType::fp8e4m3()), 0xfcu);
  EXPECT_EQ(ulp_distance(0x00, 0xfe, DType::f8e8m0()), 0xfeu);  // unsigned: codes are positions
  EXPECT_EQ(ulp_distance(0x00, 0xff, DType::f8e8m0()), std::nullopt);
  EXPECT_EQ(ulp_distance(0x7, 0xf, DType::f4e2m1()), 14u);  // 6 and -6
  EXPECT_EQ(ulp_distance(0x80, 0x7f, DType::i8()), 255u);
  EXPECT_EQ(ulp_distance(0x8000000000000000ull, 0x7fffffffffffffffull, DType::i64()), ~0ull);
  EXPECT_EQ(ulp_distance(1, 0, DType::boolean()), 1u);
}

TEST(Compare, Ulp) {
  EXPECT_TRUE(cmp("Tensor[(2,), f32] bits{0x3f800001, 0x00000001}",
                  "Tensor[(2,), f32] bits{0x3f800000, 0x80000000}", Comparator::ulp(1))
                  .passed);
  Verdict v = cmp("Tensor[(2,), f32] bits{0x3f800002, 0x00000001}",
                  "Tensor[(2,), f32] bits{0x3f800000, 0x80000001}", Comparator::ulp(1));
  EXPECT_FALSE(v.passed);
  EXPECT_EQ(v.mismatches, 2);
  EXPECT_EQ(v.message,
            "2 of 2 elements differ (ulp(max=1)); first at [0]: actual 1.0000002 (0x3f800002), "
            "expected 1 "
            "(0x3f800000), 2 steps apart");
  Verdict inf =
      cmp("Tensor[(1,), f32]{inf}", "Tensor[(1,), f32] bits{0x7f7fffff}", Comparator::ulp(1000));
  EXPECT_EQ(
      inf.message,
      "1 of 1 elements differ (ulp(max=1000)); first at [0]: actual inf (0x7f800000), expected "
      "3.4028235e+38 (0x7f7fffff), not comparable by steps");
  EXPECT_TRUE(
      cmp("Tensor[(2,), f32]{nan, -inf}", "Tensor[(2,), f32]{nan, -inf}", Comparator::ulp(0))
          .passed);
  EXPECT_TRUE(
      cmp("Tensor[(2,), i32]{5, -5}", "Tensor[(2,), i32]{7, -3}", Comparator::ulp(2)).passed);
}

TEST(Compare, BlockScaledPlanes) {
  std::string codes;
  for (int i = 0; i < 32; ++i) codes += (i ? ", " : "") + std::string(i == 5 ? "0x3" : "0x2");
  const Tensor a = lit("Tensor[(1, 32), MXFP4] planes{bits{" + codes + "}, bits{0x7f}}");
  const Tensor b = lit("Tensor[(1, 32), MXFP4] planes{bits{" + codes + "}, bits{0x80}}");
  Verdict v = compare_tensors(a, b, Comparator::exact());
  EXPECT_FALSE(v.passed);
  EXPECT_EQ(
      v.message,
      "1 codes of the planes differ (exact); first in the block scales at [0, 0]: actual 0x7f, "
      "expected 0x80");
  EXPECT_TRUE(compare_tensors(a, a, Comparator::exact()).passed);
  // The E4M3 block scales of NVFP4 have two NaN codes, one class.
  const std::string nv =
      "Tensor[(1, 16), NVFP4] planes{bits{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}, ";
  EXPECT_TRUE(compare_tensors(lit(nv + "bits{0x7f}, bits{0x3f800000}}"),
                              lit(nv + "bits{0xff}, bits{0x3f800000}}"), Comparator::exact())
                  .passed);
  Verdict ts = compare_tensors(lit(nv + "bits{0x38}, bits{0x3f800000}}"),
                               lit(nv + "bits{0x38}, bits{0x40000000}}"), Comparator::exact());
  EXPECT_EQ(ts.message,
            "1 codes of the planes differ (exact); first in the tensor scale: actual 0x3f800000, "
            "expected 0x40000000");
  // Approximate comparisons see the dequantized values: every element doubles.
  Verdict close = compare_tensors(a, b, Comparator::allclose(0, 1.2));
  EXPECT_FALSE(close.passed);
  EXPECT_EQ(close.mismatches, 1);  // element 5: 1.5 vs 3; the others 1 vs 2
  EXPECT_EQ(
      close.message.rfind(
          "dequantized: 1 of 32 elements differ (allclose(rtol=0, atol=1.2)); first at [0, 5]: "
          "actual 1.5 (0x3fc00000), expected 3 (0x40400000)",
          0),
      0u);
}

TEST(Compare, Tuples) {
  const Value a =
      Value::tuple({lit("Tensor[(1,), f32]{1}"), Value::tuple({lit("Tensor[(1,), i32]{2}")})});
  const Value b =
      Value::tuple({lit("Tensor[(1,), f32]{1}"), Value::tuple({lit("Tensor[(1,), i32]{3}")})});
  EXPECT_TRUE(compare_values(a, a, Comparator::exact()).passed);
  Verdict v = compare_values(a, b, Comparator::exact());
  EXPECT_FALSE(v.passed);
  EXPECT_EQ(
      v.message,
      "[1][0]: 1 of 1 elements differ (exact); first at [0]: actual 2 (0x00000002), expected 3 "
      "(0x00000003)");
  Verdict arity =
      compare_values(a, Value::tuple({lit("Tensor[(1,), f32]{1}")}), Comparator::exact());
  EXPECT_EQ(arity.message, "actual is a tuple of 2 items, expected 1");
  Verdict kind = compare_values(a, lit("Tensor[(1,), f32]{1}"), Comparator::exact());
  EXPECT_EQ(kind.message, "actual is a tuple, expected a tensor");
}

TEST(Compare, Texts) {
  EXPECT_EQ(comparator_text(Comparator::exact()), "exact");
  EXPECT_EQ(comparator_text(Comparator::allclose(1e-5, 1e-6)), "allclose(rtol=1e-05, atol=1e-06)");
  EXPECT_EQ(comparator_text(Comparator::ulp(3)), "ulp(max=3)");
  EXPECT_EQ(coordinates_text({2, 3, 4}, 23), "[1, 2, 3]");
  EXPECT_EQ(coordinates_text({}, 0), "[]");
}

}  // namespace
}  // namespace tf::eval
