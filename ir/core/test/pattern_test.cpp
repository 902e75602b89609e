// DimVarRangePat: validation, half-open matching, envelope containment, equality, printing.
#include <gtest/gtest.h>

#include <unordered_set>

#include "ir/core/dim_var_range_pat.h"
#include "ir/core/test/ir_test_util.h"

namespace tf {
namespace {

TEST(DimVarRangePat, MatchesTheHalfOpenRangeAndIgnoresTheName) {
  DimVarRangePatRef p = DimVarRangePat::make("N", 1, 65).value();
  EXPECT_EQ(p->kind(), PatternKind::DimVarRangePat);
  EXPECT_EQ(p->dim_var, "N");
  EXPECT_EQ(p->lo, 1);
  EXPECT_EQ(p->hi, 65);
  EXPECT_FALSE(p->matches(0));
  EXPECT_TRUE(p->matches(1));
  EXPECT_TRUE(p->matches(64));
  EXPECT_FALSE(p->matches(65));
  // Through the generic handle.
  Pattern any = p;
  EXPECT_TRUE(matches(any, 32));
  EXPECT_FALSE(matches(any, 65));
  // Adjacent cases tile the range without overlap.
  Pattern next = DimVarRangePat::make("N", 65, 129).value();
  for (std::int64_t v = 1; v < 129; ++v) EXPECT_NE(matches(any, v), matches(next, v)) << v;
  // A single value k is [k, k+1).
  DimVarRangePatRef point = DimVarRangePat::make("K", 7, 8).value();
  EXPECT_TRUE(point->matches(7));
  EXPECT_FALSE(point->matches(8));
}

TEST(DimVarRangePat, IsValidatedLikeADimVar) {
  Result<DimVarRangePatRef> empty_name = DimVarRangePat::make("", 1, 2);
  ASSERT_FALSE(empty_name.ok());
  EXPECT_EQ(empty_name.diagnostics()[0].category, DiagCategory::Type);
  EXPECT_EQ(empty_name.diagnostics()[0].message,
            "DimVarRangePat(\"\", 1, 2): the dim name must not be empty");
  Result<DimVarRangePatRef> empty_range = DimVarRangePat::make("N", 5, 5);
  ASSERT_FALSE(empty_range.ok());
  EXPECT_EQ(empty_range.diagnostics()[0].message,
            "DimVarRangePat(\"N\", 5, 5): the range [lo, hi) is half-open and needs lo < hi; a "
            "single value k is [k, k+1)");
  EXPECT_FALSE(DimVarRangePat::make("N", 6, 5).ok());
}

TEST(DimVarRangePat, ContainmentInAnEnvelope) {
  DimVarRef n = test::dim("N", 1, 4097);
  EXPECT_TRUE(DimVarRangePat::make("N", 1, 65).value()->within(*n));
  EXPECT_TRUE(DimVarRangePat::make("N", 1, 4097).value()->within(*n));
  EXPECT_FALSE(DimVarRangePat::make("N", 0, 65).value()->within(*n));
  EXPECT_FALSE(DimVarRangePat::make("N", 4000, 4098).value()->within(*n));
}

TEST(DimVarRangePat, StructuralEqualityHashingAndPrinting) {
  Pattern a = DimVarRangePat::make("N", 1, 65).value();
  Pattern b = DimVarRangePat::make("N", 1, 65).value();
  EXPECT_FALSE(a.same_as(b));
  EXPECT_TRUE(structural_equal(a, b));
  EXPECT_EQ(structural_hash(a), structural_hash(b));
  EXPECT_FALSE(structural_equal(a, Pattern(DimVarRangePat::make("M", 1, 65).value())));
  EXPECT_FALSE(structural_equal(a, Pattern(DimVarRangePat::make("N", 2, 65).value())));
  EXPECT_FALSE(structural_equal(a, Pattern(DimVarRangePat::make("N", 1, 64).value())));
  EXPECT_FALSE(structural_equal(a, Pattern()));
  EXPECT_TRUE(structural_equal(Pattern(), Pattern()));
  EXPECT_EQ(to_string(a), "DimVarRangePat(\"N\", 1, 65)");
  EXPECT_EQ(to_string(Pattern(DimVarRangePat::make("a\"b", -3, 0).value())),
            "DimVarRangePat(\"a\\\"b\", -3, 0)");
  EXPECT_EQ(to_string(Pattern()), "<null>");
  EXPECT_EQ(pattern_kind_name(PatternKind::DimVarRangePat), "DimVarRangePat");
}

}  // namespace
}  // namespace tf
