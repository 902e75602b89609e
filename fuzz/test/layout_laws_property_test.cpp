// The layout-laws property (fuzz/props/layout_props.h) writes its findings as law cases: the
// campaign's reproducer of the planted crd2idx bug is a file `tf conform` replays (the
// conformance side is conformance/test/law_case_test.cpp), and the property picks the same law
// per case as before the laws became checks (so a seed's cases are what they were).
#include <gtest/gtest.h>

#include <string>

#include "fuzz/campaign/campaign.h"
#include "fuzz/campaign/property.h"
#include "ir/layout/layout_law.h"
#include "ir/layout/testing/layout_laws.h"
#include "ir/support/plant.h"

namespace tf::fuzz {
namespace {

TEST(LayoutLawsProperty, TheLawChecksAreTheRapidCheckLawsInTheirOrder) {
  const std::vector<LayoutLaw>& checks = ::tf::layout_laws();
  const std::vector<NamedLaw>& bodies = all_layout_laws();
  ASSERT_EQ(checks.size(), bodies.size());
  for (std::size_t i = 0; i < checks.size(); ++i) EXPECT_EQ(checks[i].name, bodies[i].name) << i;
}

// docs/fuzzing.md's plant table: seed 1 finds the bug at case 7 and shrinks it to the nested
// layout of one element; the reproducer is the law case of that layout.
TEST(LayoutLawsProperty, AFindingIsWrittenAsALawCase) {
  if (!plants_built()) GTEST_SKIP() << "this build has no planted bugs (TF_PLANTS is off)";
  activate_plant(Plant::crd2idx_nested_off_by_one);
  CampaignOptions o;
  o.seed = 1;
  o.seconds = 0;
  o.cases = 100;
  o.max_findings = 1;
  o.shrink_seconds = 10;
  const CampaignResult r = run_campaign(*find_property("layout-laws"), o);
  activate_plant(Plant::none);
  ASSERT_EQ(r.findings.size(), 1u);
  const Finding& f = r.findings[0];
  EXPECT_EQ(f.origin.case_index, 7);
  EXPECT_EQ(f.origin.kind,
            "CoordinatesAgreeWithEnumeration does not hold (crd2idx(L, idx2crd(L, i)) is the enumerated offset)");
  EXPECT_FALSE(f.raw_reproducer);
  const std::string tail = "\ncase \"fuzz/layout-laws/seed-1-case-" + std::to_string(f.origin.case_index) +
                           "\" {\n    law CoordinatesAgreeWithEnumeration\n    input L = Layout((1, (1,)), (0, "
                           "(0,)))\n    expect holds\n}\n";
  ASSERT_GE(f.reproducer.size(), tail.size()) << f.reproducer;
  EXPECT_EQ(f.reproducer.substr(f.reproducer.size() - tail.size()), tail) << f.reproducer;
  EXPECT_EQ(f.reproducer.rfind("tfir 1\n# A reproducer written by `tf fuzz`", 0), 0u) << f.reproducer;
  EXPECT_EQ(f.lines_after, 6u);  // tfir 1, the case's braces, law, input, expect
}

}  // namespace
}  // namespace tf::fuzz
