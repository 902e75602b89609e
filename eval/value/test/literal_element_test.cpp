// Literal elements: one rounding from the written decimal to the dtype, integers exact and in
// range, raw codes within the width, every rejection positioned.
#include "eval/value/literal_element.h"

#include <gtest/gtest.h>

#include <bit>
#include <cfenv>
#include <limits>

#include "eval/value/test/syntax_testing.h"
#include "ir/text/decimal.h"

namespace tf::eval {
namespace {

Result<std::uint64_t> code(const std::string& s, DType d) {
  return value_code(*parse(s), d);
}

std::uint64_t ok_code(const std::string& s, DType d) {
  Result<std::uint64_t> c = code(s, d);
  EXPECT_TRUE(c.ok()) << s << " as " << d.name() << ": "
                      << (c.ok() ? "" : c.diagnostics()[0].message);
  return c.ok() ? *c : ~0ull;
}

std::string error_of(const Result<std::uint64_t>& r) {
  return r.ok() ? "(accepted)" : r.diagnostics()[0].message;
}

TEST(LiteralElement, ReadsSpellingsRoundedToOdd) {
  std::optional<text::OddDouble> half = text::read_round_to_odd("0.5");
  ASSERT_TRUE(half);
  EXPECT_TRUE(half->exact);
  EXPECT_EQ(half->value, 0.5);
  std::optional<text::OddDouble> tenth = text::read_round_to_odd("0.1");
  ASSERT_TRUE(tenth);
  EXPECT_FALSE(tenth->exact);
  // 0.1 lies between 0x3fb9999999999999 and ...9a: the odd one of the two.
  EXPECT_EQ(std::bit_cast<std::uint64_t>(tenth->value), 0x3fb9999999999999u);
  std::optional<text::OddDouble> hex = text::read_round_to_odd("0x1.8p+3");
  ASSERT_TRUE(hex);
  EXPECT_TRUE(hex->exact);
  EXPECT_EQ(hex->value, 12.0);
  std::optional<text::OddDouble> hex_int = text::read_round_to_odd("0x7f");
  ASSERT_TRUE(hex_int);
  EXPECT_EQ(hex_int->value, 127.0);
  std::optional<text::OddDouble> huge = text::read_round_to_odd("1e400");
  ASSERT_TRUE(huge);
  EXPECT_EQ(huge->value, std::numeric_limits<double>::max());
  std::optional<text::OddDouble> tiny = text::read_round_to_odd("1e-400");
  ASSERT_TRUE(tiny);
  EXPECT_EQ(std::bit_cast<std::uint64_t>(tiny->value), 1u);  // the smallest subnormal
  for (const char* bad : {"", "abc", "-1", " 1", "inf", "nan", "1.5x", "0x", "+2"})
    EXPECT_FALSE(text::read_round_to_odd(bad)) << bad;
  EXPECT_EQ(std::fegetround(), FE_TONEAREST);  // the caller's mode is restored
}

TEST(LiteralElement, DecimalsRoundOnceToTheDtype) {
  // The f16 midpoint between 1 and 1 + 2^-10 is 1.00048828125: a hair above it rounds up, the
  // midpoint itself ties to even. The nearest double of the first is the midpoint, so a reading
  // through double would round both down.
  EXPECT_EQ(ok_code("1.00048828125000000000001", DType::f16()), 0x3c01u);
  EXPECT_EQ(ok_code("1.00048828125", DType::f16()), 0x3c00u);
  EXPECT_EQ(ok_code("16777217", DType::f32()), 0x4b800000u);
  EXPECT_EQ(ok_code("16777217.000000000001", DType::f32()), 0x4b800001u);
  EXPECT_EQ(ok_code("0.1", DType::f32()), 0x3dcccccdu);
  EXPECT_EQ(ok_code("0x1.8p+3", DType::bf16()), 0x4140u);
  EXPECT_EQ(ok_code("1", DType::fp8e4m3()), 0x38u);
}

TEST(LiteralElement, FloatSpecialsAndSigns) {
  EXPECT_EQ(ok_code("inf", DType::f32()), 0x7f800000u);
  EXPECT_EQ(ok_code("-inf", DType::f32()), 0xff800000u);
  EXPECT_EQ(ok_code("-0", DType::f32()), 0x80000000u);
  EXPECT_EQ(ok_code("-0.0", DType::bf16()), 0x8000u);
  EXPECT_EQ(ok_code("--2", DType::f32()), 0x40000000u);
  EXPECT_EQ(ok_code("nan", DType::f32()), 0x7fffffffu);  // the canonical NaN (convert.h)
  EXPECT_EQ(ok_code("nan", DType::fp8e4m3()), 0x7fu);
  EXPECT_EQ(ok_code("1000", DType::fp8e4m3()), 0x7eu);    // saturates to 448 (D4 default)
  EXPECT_EQ(ok_code("-1e9", DType::fp8e5m2()), 0xfbu);    // saturates to -57344
  EXPECT_EQ(ok_code("nan", DType::f4e2m1()), 0x7u);       // no NaN: +max
  EXPECT_EQ(ok_code("0.75", DType::f8e8m0()), 0x7fu);     // rounds up (rp) to 1
  EXPECT_EQ(ok_code("1e39", DType::f32()), 0x7f800000u);  // overflows to inf (rn)
  EXPECT_EQ(ok_code("inf", DType::fp8e5m2()), 0x7cu);     // the infinity, where the dtype has one
  EXPECT_EQ(ok_code("-inf", DType::fp8e5m2()), 0xfcu);
  EXPECT_EQ(ok_code("inf", DType::fp8e4m3()), 0x7eu);  // none: the default mode saturates
  EXPECT_EQ(ok_code("-inf", DType::f6e3m2()), 0x3fu);
  EXPECT_EQ(ok_code("inf", DType::f8e8m0()), 0xfeu);
}

TEST(LiteralElement, IntegersAreExactAndInRange) {
  EXPECT_EQ(ok_code("127", DType::i8()), 0x7fu);
  EXPECT_EQ(ok_code("-128", DType::i8()), 0x80u);
  EXPECT_EQ(ok_code("0x7f", DType::i32()), 0x7fu);
  EXPECT_EQ(ok_code("-1", DType::i32()), 0xffffffffu);
  EXPECT_EQ(ok_code("-9223372036854775808", DType::i64()), 0x8000000000000000u);
  EXPECT_EQ(ok_code("9223372036854775807", DType::i64()), 0x7fffffffffffffffu);
  EXPECT_EQ(error_of(code("128", DType::i8())), "value 128 is out of range for i8 [-128, 127]");
  EXPECT_EQ(error_of(code("-129", DType::i8())), "value -129 is out of range for i8 [-128, 127]");
  EXPECT_EQ(error_of(code("9223372036854775808", DType::i64())),
            "value 9223372036854775808 is out of range for i64 [-9223372036854775808, "
            "9223372036854775807]");
  EXPECT_EQ(error_of(code("99999999999999999999999", DType::i64())),
            "value 99999999999999999999999 is out of range for i64 [-9223372036854775808, "
            "9223372036854775807]");
  EXPECT_EQ(error_of(code("1.5", DType::i32())), "i32 takes integer literals, found '1.5'");
  EXPECT_EQ(error_of(code("2.0", DType::i32())), "i32 takes integer literals, found '2.0'");
  EXPECT_EQ(error_of(code("inf", DType::i64())), "i64 takes integer literals, found 'inf'");
}

TEST(LiteralElement, BoolIsTrueFalseZeroOrOne) {
  EXPECT_EQ(ok_code("true", DType::boolean()), 1u);
  EXPECT_EQ(ok_code("false", DType::boolean()), 0u);
  EXPECT_EQ(ok_code("1", DType::boolean()), 1u);
  EXPECT_EQ(ok_code("0", DType::boolean()), 0u);
  EXPECT_EQ(error_of(code("2", DType::boolean())), "bool takes true, false, 0 or 1, found '2'");
  EXPECT_EQ(error_of(code("-1", DType::boolean())), "bool takes true, false, 0 or 1, found '-1'");
  EXPECT_EQ(error_of(code("-true", DType::boolean())),
            "bool takes true, false, 0 or 1, found '-true'");
  EXPECT_EQ(error_of(code("true", DType::f32())), "f32 takes numbers, inf or nan, found 'true'");
  EXPECT_EQ(error_of(code("(1, 2)", DType::f32())),
            "f32 takes numbers, inf or nan, found '(1, 2)'");
}

TEST(LiteralElement, ErrorsArePositionedAtTheValue) {
  Result<std::uint64_t> r = value_code(*parse("  \n   300"), DType::i8());
  ASSERT_FALSE(r.ok());
  const Diagnostic& d = r.diagnostics()[0];
  EXPECT_EQ(d.category, DiagCategory::Parse);
  EXPECT_EQ(d.location.str(), "t.tfir:2:4");
}

TEST(LiteralElement, BitsAreCodesWithinTheWidth) {
  EXPECT_EQ(*bits_code(*parse("0xf"), 4, "f4e2m1"), 0xfu);
  EXPECT_EQ(*bits_code(*parse("0xffffffffffffffff"), 64, "i64"), ~0ull);
  EXPECT_EQ(*bits_code(*parse("255"), 8, "fp8e4m3"), 255u);
  EXPECT_EQ(error_of(bits_code(*parse("0x10"), 4, "f4e2m1")),
            "a code of f4e2m1 is an integer from 0 to 0xf, found '0x10'");
  EXPECT_EQ(error_of(bits_code(*parse("-1"), 8, "fp8e4m3")),
            "a code of fp8e4m3 is an integer from 0 to 0xff, found '-1'");
  EXPECT_EQ(error_of(bits_code(*parse("1.0"), 8, "fp8e4m3")),
            "a code of fp8e4m3 is an integer from 0 to 0xff, found '1.0'");
  EXPECT_EQ(
      error_of(bits_code(*parse("0x10000000000000000"), 64, "i64")),
      "a code of i64 is an integer from 0 to 0xffffffffffffffff, found '0x10000000000000000'");
}

TEST(NumberSpellings, SignedIntegersAreDecimalOrHexNeverOctal) {
  EXPECT_EQ(text::signed_integer("010"), 10);
  EXPECT_EQ(text::signed_integer("-3"), -3);
  EXPECT_EQ(text::signed_integer("0x7f"), 127);
  EXPECT_EQ(text::signed_integer("-9223372036854775808"), std::numeric_limits<std::int64_t>::min());
  EXPECT_EQ(text::signed_integer("9223372036854775808"), std::nullopt);
  for (const char* bad : {"", "-", "1.5", " 1", "+2", "--1", "12x"})
    EXPECT_EQ(text::signed_integer(bad), std::nullopt) << bad;
}

}  // namespace
}  // namespace tf::eval
