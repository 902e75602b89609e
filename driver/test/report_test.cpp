// The JSON form of diagnostics that `tf ... --json` prints.
#include "driver/report.h"

#include <gtest/gtest.h>

namespace tf::cli {
namespace {

TEST(DiagnosticJson, RelatedLocationsAreListedWithTheirPositions) {
  Diagnostic d = rule_error("TIR.1.3.VERIFY.fresh-var-let", "LetStmt binds the Var 'v' twice");
  d.location = {"r.tfir", 4, 9};
  d.related.push_back({{"r.tfir", 3, 5}, "the LetStmt that bound 'v' first"});
  d.related.push_back({{}, "somewhere without a position"});
  const nlohmann::json j = diagnostic_json(d);
  EXPECT_EQ(j["line"], 4);
  ASSERT_EQ(j["related"].size(), 2u);
  EXPECT_EQ(j["related"][0]["message"], "the LetStmt that bound 'v' first");
  EXPECT_EQ(j["related"][0]["file"], "r.tfir");
  EXPECT_EQ(j["related"][0]["line"], 3);
  EXPECT_EQ(j["related"][0]["column"], 5);
  EXPECT_FALSE(j["related"][1].contains("line"));
  EXPECT_FALSE(diagnostic_json(rule_error("X", "y")).contains("related"));
}

}  // namespace
}  // namespace tf::cli
