#include "tools/tf/cli_value.h"

#include <gtest/gtest.h>

#include <cmath>

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

}  // namespace
}  // namespace tf::cli
