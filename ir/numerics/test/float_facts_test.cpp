// float_facts against the table of docs/numerics.md "Element formats", row by row.
#include "ir/numerics/float_facts.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace tf::numerics {
namespace {

struct Row {
  DType dtype;
  int bias;
  std::uint64_t max_finite_code;
  double max_finite;
  double min_normal;
  std::optional<double> min_subnormal;
  std::optional<std::uint64_t> pos_inf, neg_inf;
  std::vector<std::uint64_t> nan_codes;
  const char* nan_rule;
};

TEST(FloatFacts, MatchTheSection1Table) {
  const char* kIeee = "exponent all-ones, mantissa != 0";
  const char* kNone = "none (a NaN input converts to +max)";
  const std::vector<Row> rows = {
      {DType::f32(), 127, 0x7F7FFFFF, 0x1.fffffep127, 0x1p-126, 0x1p-149, 0x7F800000,
       0xFF800000, {}, kIeee},
      {DType::f16(), 15, 0x7BFF, 65504.0, 0x1p-14, 0x1p-24, 0x7C00, 0xFC00, {}, kIeee},
      {DType::bf16(), 127, 0x7F7F, 0x1.fep127, 0x1p-126, 0x1p-133, 0x7F80, 0xFF80, {}, kIeee},
      {DType::fp8e4m3(), 7, 0x7E, 448.0, 0x1p-6, 0x1p-9, std::nullopt, std::nullopt,
       {0x7F, 0xFF}, "0x7f, 0xff only"},
      {DType::fp8e5m2(), 15, 0x7B, 57344.0, 0x1p-14, 0x1p-16, 0x7C, 0xFC,
       {0x7D, 0x7E, 0x7F, 0xFD, 0xFE, 0xFF}, kIeee},
      {DType::f8e8m0(), 127, 0xFE, 0x1p127, 0x1p-127, std::nullopt, std::nullopt, std::nullopt,
       {0xFF}, "0xff only"},
      {DType::f6e3m2(), 3, 0x1F, 28.0, 0.25, 0.0625, std::nullopt, std::nullopt, {}, kNone},
      {DType::f6e2m3(), 1, 0x1F, 7.5, 1.0, 0.125, std::nullopt, std::nullopt, {}, kNone},
      {DType::f4e2m1(), 1, 0x7, 6.0, 1.0, 0.5, std::nullopt, std::nullopt, {}, kNone},
  };
  for (const Row& r : rows) {
    SCOPED_TRACE(r.dtype.name());
    const FloatFacts f = float_facts(r.dtype);
    EXPECT_EQ(f.bias, r.bias);
    EXPECT_EQ(f.max_finite_code, r.max_finite_code);
    EXPECT_EQ(f.max_finite, r.max_finite);
    EXPECT_EQ(f.min_normal, r.min_normal);
    EXPECT_EQ(f.min_subnormal, r.min_subnormal);
    EXPECT_EQ(f.pos_inf_code, r.pos_inf);
    EXPECT_EQ(f.neg_inf_code, r.neg_inf);
    EXPECT_EQ(f.nan_codes, r.nan_codes);
    EXPECT_EQ(f.nan_rule, r.nan_rule);
  }
}

// The decimal figures the table prints for the two wide formats.
TEST(FloatFacts, WideMaximaMatchTheirDecimalSpelling) {
  EXPECT_EQ(static_cast<float>(float_facts(DType::f32()).max_finite), 3.4028235e38f);
  EXPECT_EQ(static_cast<float>(float_facts(DType::bf16()).max_finite), 3.3895314e38f);
}

TEST(FloatFacts, NonFloatDtypesAreAnInternalError) {
  EXPECT_THROW((void)float_facts(DType::i32()), InternalError);
  EXPECT_THROW((void)float_facts(DType::boolean()), InternalError);
  EXPECT_THROW((void)float_facts(DType()), InternalError);
}

}  // namespace
}  // namespace tf::numerics
