// docs/decisions.md as the catalogue reads it: `## D<n>. <title>` sections and their Rules lines.
#include "conformance/decisions_doc.h"

#include <gtest/gtest.h>

namespace tf::conformance {
namespace {

constexpr const char* kDoc =
    "# Design decisions\n"
    "\n"
    "Intro prose naming Rules: nothing, since it is outside a decision.\n"
    "\n"
    "## D3. Block-scaled dtypes are values\n"
    "\n"
    "Prose about D3.\n"
    "Rules: DTREP.LEVEL.whole-level, `TYPES.3.DTYPE.from-name-rejects-unknown`, TIR.1.5.*.\n"
    "\n"
    "## D4. Narrow conversions\n"
    "\n"
    "```\n"
    "Rules: NOT.A.rule-inside-a-fence\n"
    "```\n"
    "Rules: none\n"
    "\n"
    "## Appendix\n"
    "Rules: IGNORED.outside-a-decision\n";

TEST(DecisionsDoc, ReadsHeadingsAndRulesLines) {
  Result<std::vector<Decision>> d = parse_decisions(kDoc, "decisions.md");
  ASSERT_TRUE(d.ok()) << d.diagnostics()[0].render();
  ASSERT_EQ(d->size(), 2u);
  EXPECT_EQ((*d)[0].id, "D3");
  EXPECT_EQ((*d)[0].title, "Block-scaled dtypes are values");
  EXPECT_EQ((*d)[0].location.str(), "decisions.md:5:1");
  EXPECT_EQ((*d)[0].rules_location.line, 8);
  EXPECT_EQ((*d)[0].rules, (std::vector<std::string>{"DTREP.LEVEL.whole-level",
                                                     "TYPES.3.DTYPE.from-name-rejects-unknown",
                                                     "TIR.1.5.*"}));
  EXPECT_EQ((*d)[1].id, "D4");
  EXPECT_TRUE((*d)[1].rules.empty());
  EXPECT_EQ((*d)[1].rules_location.line, 15);
}

TEST(DecisionsDoc, ADecisionTouchesItsIdsAndTheIdsOfItsPrefixes) {
  Result<std::vector<Decision>> d = parse_decisions(kDoc, "decisions.md");
  ASSERT_TRUE(d.ok());
  const Decision& d3 = (*d)[0];
  EXPECT_TRUE(d3.touches("DTREP.LEVEL.whole-level"));
  EXPECT_FALSE(d3.touches("DTREP.LEVEL.whole"));  // an id entry is not a prefix
  EXPECT_TRUE(d3.touches("TIR.1.5.NAMEDBAR.range-1-15"));
  EXPECT_FALSE(d3.touches("TIR.1.6.DISPATCH.first-match-wins"));
  EXPECT_EQ(decisions_touching(*d, "TIR.1.5.SYNC.warp-aligned").size(), 1u);
  EXPECT_TRUE(decisions_touching(*d, "TYPES.1.IRTYPE.abstract-base").empty());
}

TEST(DecisionsDoc, MalformedDecisionsAreReportedWithTheirLines) {
  const char* text =
      "## D1 no dot\n"
      "## D2. Fine\n"
      "Rules: A.1.ok, not an id\n"
      "Rules: A.1.again\n"
      "## D2. Again\n";
  Result<std::vector<Decision>> d = parse_decisions(text, "d.md");
  ASSERT_FALSE(d.ok());
  ASSERT_EQ(d.diagnostics().size(), 4u);
  EXPECT_EQ(d.diagnostics()[0].render(),
            "d.md:1:1: error[usage]: decision heading 'D1 no dot' is not '## D<n>. <title>'");
  EXPECT_EQ(d.diagnostics()[1].render(),
            "d.md:3:1: error[usage]: Rules entry 'not an id' is neither a rule id nor an id "
            "prefix ending in '*'");
  EXPECT_EQ(d.diagnostics()[2].render(),
            "d.md:4:1: error[usage]: D2 has a second Rules line (the first is line 3)");
  EXPECT_EQ(d.diagnostics()[3].render(), "d.md:5:1: error[usage]: D2 is used twice (first at line 2)");
}

TEST(DecisionsDoc, EntriesNamingNoRuleOfTheCatalogue) {
  Result<RuleCatalogue> cat = RuleCatalogue::parse(
      "id\tseed\tkind\trule\tcheck\nA.1.X.ok\ts\tvalue\tr\tc\n", "r.tsv");
  ASSERT_TRUE(cat.ok());
  Result<std::vector<Decision>> d =
      parse_decisions("## D7. Seven\nRules: A.1.X.ok, A.1.*, A.1.X.gone, B.*\n", "d.md");
  ASSERT_TRUE(d.ok());
  std::vector<Diagnostic> bad = entries_naming_no_rule(*d, *cat);
  ASSERT_EQ(bad.size(), 2u);
  EXPECT_EQ(bad[0].render(),
            "d.md:2:1: error[usage]: D7 names 'A.1.X.gone', which is no rule id of "
            "conformance/rules.tsv");
  EXPECT_EQ(bad[1].render(),
            "d.md:2:1: error[usage]: D7 names 'B.*', which is a prefix of no rule id of "
            "conformance/rules.tsv");
}

}  // namespace
}  // namespace tf::conformance
