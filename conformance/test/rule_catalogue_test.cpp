#include "conformance/rule_catalogue.h"

#include <gtest/gtest.h>

namespace tf::conformance {
namespace {

TEST(RuleCatalogue, LoadsTheProjectCatalogue) {
  Result<RuleCatalogue> cat = RuleCatalogue::load(TF_RULES_TSV);
  ASSERT_TRUE(cat.ok()) << cat.diagnostics()[0].render();
  // The catalogue's size: 495 rules, 135 TYPES, 246 TIR, 114 DTREP, 130 reject.
  EXPECT_EQ(cat->rules().size(), 495u);
  std::size_t types = 0, tir = 0, dtrep = 0, reject = 0;
  for (const Rule& r : cat->rules()) {
    types += r.document() == "TYPES";
    tir += r.document() == "TIR";
    dtrep += r.document() == "DTREP";
    reject += r.kind == RuleKind::Reject;
  }
  EXPECT_EQ(types, 135u);
  EXPECT_EQ(tir, 246u);
  EXPECT_EQ(dtrep, 114u);
  EXPECT_EQ(reject, 130u);
  const Rule* r = cat->find("TYPES.3.DTYPE.from-name-rejects-unknown");
  ASSERT_NE(r, nullptr);
  EXPECT_EQ(r->kind, RuleKind::Reject);
  EXPECT_EQ(cat->find("TYPES.3.DTYPE.no-such-rule"), nullptr);
}

TEST(RuleCatalogue, ReportsMalformedRowsWithLine) {
  std::string text =
      "id\tseed\tkind\trule\tcheck\n"
      "A.1.X.ok\ts\tvalue\tr\tc\n"
      "A.1.X.bad\ts\tmaybe\tr\tc\n"
      "A.1.X.ok\ts\tvalue\tr\tc\n"
      "only\ttwo\n";
  Result<RuleCatalogue> cat = RuleCatalogue::parse(text, "r.tsv");
  ASSERT_FALSE(cat.ok());
  ASSERT_EQ(cat.diagnostics().size(), 3u);
  EXPECT_EQ(cat.diagnostics()[0].render(),
            "r.tsv:3:1: error[usage]: unknown kind 'maybe' (accept, reject, value, structure)");
  EXPECT_EQ(cat.diagnostics()[1].render(), "r.tsv:4:1: error[usage]: duplicate rule id 'A.1.X.ok'");
  EXPECT_EQ(cat.diagnostics()[2].render(),
            "r.tsv:5:1: error[usage]: expected 5 tab-separated columns, found 2");
}

TEST(RuleCatalogue, RuleIdShape) {
  EXPECT_TRUE(looks_like_rule_id("TIR.1.5.NAMEDBAR.range-1-15"));
  EXPECT_FALSE(looks_like_rule_id("TIR"));
  EXPECT_FALSE(looks_like_rule_id("TIR.1_5"));
  EXPECT_FALSE(looks_like_rule_id("1.TIR"));
  EXPECT_FALSE(looks_like_rule_id("TIR.1."));
}

}  // namespace
}  // namespace tf::conformance
