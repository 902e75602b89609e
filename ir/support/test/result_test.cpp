#include "ir/support/result.h"

#include <gtest/gtest.h>

#include <string>

namespace tf {
namespace {

Result<int> parse_digit(char c) {
  if (c < '0' || c > '9') return category_error(DiagCategory::Parse, "not a digit");
  return c - '0';
}

TEST(Result, HoldsValue) {
  Result<int> r = parse_digit('7');
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(*r, 7);
  EXPECT_TRUE(r.diagnostics().empty());
}

TEST(Result, HoldsDiagnostics) {
  Result<int> r = parse_digit('x');
  ASSERT_FALSE(r.ok());
  ASSERT_EQ(r.diagnostics().size(), 1u);
  EXPECT_EQ(r.diagnostics()[0].message, "not a digit");
}

TEST(Result, ValueOfFailedResultIsAnInternalError) {
  Result<int> r = parse_digit('x');
  EXPECT_THROW((void)r.value(), InternalError);
}

TEST(Result, EmptyDiagnosticListIsAnInternalError) {
  EXPECT_THROW(Result<int>(std::vector<Diagnostic>{}), InternalError);
}

TEST(Check, ThrowsWithFormattedMessage) {
  try {
    TF_CHECK(1 + 1 == 3, "arith is {}", "broken");
    FAIL() << "TF_CHECK did not throw";
  } catch (const InternalError& e) {
    EXPECT_NE(std::string(e.what()).find("check `1 + 1 == 3` failed: arith is broken"),
              std::string::npos);
  }
}

TEST(Check, PassingCheckDoesNotThrow) { EXPECT_NO_THROW(TF_CHECK(2 > 1)); }

}  // namespace
}  // namespace tf
