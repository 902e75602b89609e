#include "tools/tf/cli_value.h"

#include <gtest/gtest.h>

#include <climits>
#include <cmath>
#include <cstdint>
#include <string>

namespace tf::cli {
namespace {

TEST(CliValue, DecimalHexFloatAndSpecials) {
  EXPECT_EQ(parse_cli_value("464")->value, 464.0);
  EXPECT_EQ(parse_cli_value("-3.3")->value, -3.3);
  EXPECT_EQ(parse_cli_value("0x1.8p+3")->value, 12.0);
  EXPECT_EQ(parse_cli_value("1e-6")->value, 1e-6);
  EXPECT_TRUE(std::isinf(parse_cli_value("-inf")->value));
  EXPECT_LT(parse_cli_value("-inf")->value, 0);
  EXPECT_TRUE(std::isnan(parse_cli_value("nan")->value));
  EXPECT_TRUE(std::signbit(parse_cli_value("-0")->value));
}

TEST(CliValue, F32BitPatternIsExact) {
  Result<CliValue> v = parse_cli_value("bits:0x7f7fffff");
  ASSERT_TRUE(v.ok());
  EXPECT_EQ(v->value, 3.4028234663852886e38);
  EXPECT_TRUE(v->from_f32_bits);
  EXPECT_EQ(parse_cli_value("bits:0x00000001")->value, std::ldexp(1.0, -149));
}

TEST(CliValue, OverflowingDecimalIsInfinityAsStrtodRoundsIt) {
  EXPECT_TRUE(std::isinf(parse_cli_value("1e400")->value));
  EXPECT_EQ(parse_cli_value("1e-400")->value, 0.0);
}

TEST(CliValue, MalformedValuesAreUsageErrors) {
  for (const char* bad : {"", "12abc", "0x", "bits:7f", "bits:0x", "bits:0x123456789",
                          "bits:0xzz", "1 2", "--3"}) {
    Result<CliValue> v = parse_cli_value(bad);
    ASSERT_FALSE(v.ok()) << bad;
    EXPECT_EQ(v.diagnostics()[0].category, DiagCategory::Usage) << bad;
    EXPECT_NE(v.diagnostics()[0].message.find("cannot read VALUE"), std::string::npos);
  }
}

TEST(CliValue, Formatting) {
  EXPECT_EQ(format_code(0x7e, 8), "0x7e");
  EXPECT_EQ(format_code(0x7, 4), "0x07");
  EXPECT_EQ(format_code(0x7fff, 16), "0x7fff");
  EXPECT_EQ(format_code(0x7fc00000, 32), "0x7fc00000");
  EXPECT_EQ(format_value(448.0), "448");
  EXPECT_EQ(format_value(-0.0), "-0");
  EXPECT_EQ(format_value(0.1015625), "0.1015625");
  EXPECT_EQ(format_value(-INFINITY), "-inf");
  EXPECT_EQ(format_value(NAN), "nan");
  EXPECT_EQ(format_hexfloat(12.0), "0x1.8p+3");
}

// Issue 34, finding 6 / class 5: every numeric option is a finite number in its range, checked
// on its text (CLI11 would wrap "-1" into an unsigned and take nan for a time), and the message
// states the range. A value that passes is rewritten in the decimal CLI11 converts exactly.
TEST(NumericOptions, IntegersInRange) {
  std::string t = "0x10";
  EXPECT_EQ(check_integer(t, 0, INT64_MAX), "");
  EXPECT_EQ(t, "16");
  t = "010";  // ten, never octal
  EXPECT_EQ(check_integer(t, 0, 100), "");
  EXPECT_EQ(t, "10");
  t = "9223372036854775807";
  EXPECT_EQ(check_integer(t, 1, INT64_MAX), "");
  for (const char* bad : {"-5", "0", "9223372036854775808", "1.5", "1e3", "", " 3", "nan", "12abc"}) {
    std::string b = bad;
    EXPECT_EQ(check_integer(b, 1, INT64_MAX), "'" + std::string(bad) + "' is not an integer in [1, 9223372036854775807]");
    EXPECT_EQ(b, bad);  // a refused value is left as it was
  }
}

TEST(NumericOptions, UnsignedNeverWraps) {
  std::string t = "18446744073709551615";
  EXPECT_EQ(check_unsigned(t, 0, UINT64_MAX), "");
  for (const char* bad : {"-1", "18446744073709551616", "-0x1"}) {
    std::string b = bad;
    EXPECT_EQ(check_unsigned(b, 0, UINT64_MAX), "'" + std::string(bad) + "' is not an integer in [0, 18446744073709551615]");
  }
}

TEST(NumericOptions, FiniteNumbersInRange) {
  std::string t = "1e3";
  EXPECT_EQ(check_number(t, 0, kMaxOptionSeconds), "");
  EXPECT_EQ(t, "1000");
  t = "0x1.8p+1";
  EXPECT_EQ(check_number(t, 0, kMaxOptionSeconds), "");
  EXPECT_EQ(t, "3");
  t = "0";
  EXPECT_EQ(check_number(t, 0, kMaxOptionSeconds), "");
  for (const char* bad : {"nan", "-nan", "inf", "-inf", "1e400", "-1", "10000001", "", "1 ", "5s"}) {
    std::string b = bad;
    EXPECT_EQ(check_number(b, 0, kMaxOptionSeconds), "'" + std::string(bad) + "' is not a finite number in [0, 10000000]");
  }
  t = "0";  // an open lower bound: a time budget of 0 is refused
  EXPECT_EQ(check_number(t, 0, kMaxOptionSeconds, /*lo_open=*/true), "'0' is not a finite number in (0, 10000000]");
  t = "0.5";
  EXPECT_EQ(check_number(t, 0, kMaxOptionSeconds, /*lo_open=*/true), "");
}

}  // namespace
}  // namespace tf::cli
