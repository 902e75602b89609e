// The laws of the layout algebra (ir/layout/testing/layout_laws.h) as gtests: 200 cases per
// law in layout_test (label unit), 10,000 in layout_fuzz_test (label fuzz), through RC_PARAMS.
#include <gtest/gtest.h>

#include "ir/layout/testing/layout_laws.h"
#include "ir/support/testing/law_runner.h"

namespace tf::fuzz {
namespace {

TEST(LayoutLaws, CoordinatesAgreeWithEnumeration) { check_law(&layout_laws::CoordinatesAgreeWithEnumeration); }
TEST(LayoutLaws, InjectivityMatchesEnumeration) { check_law(&layout_laws::InjectivityMatchesEnumeration); }
TEST(LayoutLaws, CoalescePreservesTheFunction) { check_law(&layout_laws::CoalescePreservesTheFunction); }
TEST(LayoutLaws, ByModeCoalescePreservesModesAndFunction) { check_law(&layout_laws::ByModeCoalescePreservesModesAndFunction); }
TEST(LayoutLaws, CompositionAgreesWithFunctionComposition) { check_law(&layout_laws::CompositionAgreesWithFunctionComposition); }
TEST(LayoutLaws, CompositionOfArbitraryPairsIsExactOrADiagnostic) { check_law(&layout_laws::CompositionOfArbitraryPairsIsExactOrADiagnostic); }
TEST(LayoutLaws, ComplementIsDisjointAndCompletes) { check_law(&layout_laws::ComplementIsDisjointAndCompletes); }
TEST(LayoutLaws, ComplementOfArbitraryLayoutsIsExactOrADiagnostic) { check_law(&layout_laws::ComplementOfArbitraryLayoutsIsExactOrADiagnostic); }
TEST(LayoutLaws, LeftInverseUndoesAnInjectiveLayout) { check_law(&layout_laws::LeftInverseUndoesAnInjectiveLayout); }
TEST(LayoutLaws, LeftInverseOfArbitraryLayoutsIsExactOrADiagnostic) { check_law(&layout_laws::LeftInverseOfArbitraryLayoutsIsExactOrADiagnostic); }
TEST(LayoutLaws, RightInverseIsARightInverse) { check_law(&layout_laws::RightInverseIsARightInverse); }
TEST(LayoutLaws, LogicalDivideMatchesItsDefinition) { check_law(&layout_laws::LogicalDivideMatchesItsDefinition); }
TEST(LayoutLaws, LogicalDivideOfArbitraryPairsIsExactOrADiagnostic) { check_law(&layout_laws::LogicalDivideOfArbitraryPairsIsExactOrADiagnostic); }
TEST(LayoutLaws, LogicalProductMatchesItsDefinition) { check_law(&layout_laws::LogicalProductMatchesItsDefinition); }
TEST(LayoutLaws, LogicalProductOfArbitraryPairsIsExactOrADiagnostic) { check_law(&layout_laws::LogicalProductOfArbitraryPairsIsExactOrADiagnostic); }

// Every law of the table has its gtest above.
TEST(LayoutLaws, EveryLawOfTheTableIsATest) { EXPECT_EQ(all_layout_laws().size(), 15u); }

}  // namespace
}  // namespace tf::fuzz
