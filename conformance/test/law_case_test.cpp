// Law cases (conformance/law_case.h, docs/tfir.md section 7): the case form of a layout-laws
// finding. A case naming a law and its arguments passes when the law holds for them, fails with
// the violated postcondition when it does not (a broken law; the planted crd2idx bug), and a
// malformed one is refused with a placed diagnostic.
#include "conformance/law_case.h"

#include <gtest/gtest.h>

#include <string>

#include "conformance/suite.h"
#include "conformance/test/law_case_testing.h"
#include "eval/hir/eval_tables.h"
#include "ir/support/plant.h"

namespace tf::conformance {
namespace {

using test::run_text;
using test::verdicts;

std::string law_case(const std::string& law, const std::string& inputs,
                     const std::string& expect = "    expect holds\n") {
  return "tfir 1\n# A law case.\ncase \"fuzz/layout-laws/seed-1-case-7\" {\n    law " + law + "\n" + inputs + expect +
         "}\n";
}

// The reproducer the planted crd2idx bug's finding shrinks to (docs/fuzzing.md).
const std::string kNestedCoordinates =
    law_case("CoordinatesAgreeWithEnumeration", "    input L = Layout((1, (1,)), (0, (0,)))\n");

TEST(LawCases, ACaseWhoseLawHoldsPasses) {
  for (const std::string& text :
       {kNestedCoordinates,
        law_case("ComplementIsDisjointAndCompletes", "    input L = Layout((2, 4), (4, 1))\n    input cotarget = 24\n"),
        law_case("LogicalProductMatchesItsDefinition",
                 "    input A = Layout((2, 2), (1, 2))\n    input B = Layout((4,), (1,))\n"),
        law_case("RightInverseIsARightInverse",
                 "    input N = Layout((4, 2), (2, 1))\n    input L = Layout((3, 2), (0, 5))\n")}) {
    const SuiteRun r = run_text(text);
    ASSERT_EQ(r.outcomes.size(), 1u) << verdicts(r) << text;
    EXPECT_EQ(r.outcomes[0].status, CaseOutcome::Status::Passed) << verdicts(r) << text;
  }
}

// Composition's law for admissible pairs, given a pair that is not (B's stride 2 does not divide
// A's first extent 3, and B's three elements do not fit inside it: composition.h's stride
// divisibility): the law's check reports the postcondition, as a failed case, never a crash.
TEST(LawCases, ACaseWhoseLawIsBrokenFailsNamingThePostcondition) {
  const SuiteRun r = run_text(law_case("CompositionAgreesWithFunctionComposition",
                                       "    input A = Layout((3, 2), (1, 4))\n    input B = Layout((3,), (2,))\n"));
  ASSERT_EQ(r.outcomes.size(), 1u) << verdicts(r);
  EXPECT_EQ(r.outcomes[0].status, CaseOutcome::Status::Failed) << verdicts(r);
  EXPECT_EQ(
      r.outcomes[0].reason.rfind(
          "CompositionAgreesWithFunctionComposition does not hold (composition(A, B) of an admissible pair succeeds): ",
          0),
      0u)
      << r.outcomes[0].reason;
}

TEST(LawCases, ThePlantedCrd2idxBugFailsTheReproducerAndOnlyIt) {
  if (!plants_built()) GTEST_SKIP() << "this build has no planted bugs (TF_PLANTS is off)";
  activate_plant(Plant::crd2idx_nested_off_by_one);
  const SuiteRun planted = run_text(kNestedCoordinates);
  activate_plant(Plant::none);
  ASSERT_EQ(planted.outcomes.size(), 1u) << verdicts(planted);
  EXPECT_EQ(planted.outcomes[0].status, CaseOutcome::Status::Failed);
  EXPECT_EQ(
      planted.outcomes[0].reason,
      "CoordinatesAgreeWithEnumeration does not hold (crd2idx(L, idx2crd(L, i)) is the enumerated offset): at i = 0: "
      "crd2idx(L, (0, (0,))) gives 1, enumeration 0");
  const SuiteRun clean = run_text(kNestedCoordinates);
  ASSERT_EQ(clean.outcomes.size(), 1u);
  EXPECT_EQ(clean.outcomes[0].status, CaseOutcome::Status::Passed) << verdicts(clean);
}

// Inputs that do not fit the law fail the case with what is wrong, placed where it is: at the
// input, or at the case for an input it does not give.
TEST(LawCases, InputsThatDoNotFitTheLawFailTheCase) {
  const struct {
    std::string text, reason;
  } cases[] = {
      {law_case("CoordinatesAgreeWithEnumeration", ""),
       "law_case.tfir:3:1: error[parse]: law CoordinatesAgreeWithEnumeration takes the input L (a layout), which the "
       "case does not give"},
      {law_case("CoordinatesAgreeWithEnumeration", "    input L = Layout((2,), (1,))\n    input M = 3\n"),
       "law_case.tfir:6:15: error[parse]: input M names no parameter of law CoordinatesAgreeWithEnumeration"},
      {law_case("CoordinatesAgreeWithEnumeration",
                "    input L = Mesh((Topology(\"thread\", 4),), Layout((4,), (1,)))\n"),
       "law_case.tfir:5:15: error[type]: input L takes a Layout(shape, strides), found a mesh"},
      {law_case("ComplementIsDisjointAndCompletes",
                "    input L = Layout((2,), (1,))\n    input cotarget = Layout((2,), (1,))\n"),
       "law_case.tfir:6:22: error[parse]: input cotarget takes an integer, found 'Layout((2,), (1,))'"},
      {law_case("ComplementIsDisjointAndCompletes", "    input L = Layout((2,), (1,))\n    input cotarget = 0\n"),
       "law_case.tfir:6:22: error[type]: law ComplementIsDisjointAndCompletes: cotarget = 0 is outside [1, 262144]"},
      {law_case("CoordinatesAgreeWithEnumeration", "    input L = Layout((4096, 2), (1, 4096))\n"),
       "law_case.tfir:5:15: error[type]: law CoordinatesAgreeWithEnumeration: L = Layout((4096, 2), (1, 4096)) has "
       "size 8192 and cosize 8192: a law case enumerates at most "
       "4096 elements and offsets up to 65536"},
  };
  for (const auto& c : cases) {
    const SuiteRun r = run_text(c.text);
    ASSERT_EQ(r.outcomes.size(), 1u) << verdicts(r) << c.text;
    EXPECT_EQ(r.outcomes[0].status, CaseOutcome::Status::Failed) << c.text;
    EXPECT_EQ(r.outcomes[0].reason.rfind(c.reason, 0), 0u) << r.outcomes[0].reason;
  }
}

// A law case holds only law, input and `expect holds` lines; `expect holds` needs a law; the law
// must be one of the table's.
TEST(LawCases, AMalformedLawCaseIsBadInput) {
  const struct {
    std::string text, message;
  } cases[] = {
      {law_case("NoSuchLaw", "    input L = Layout((2,), (1,))\n"),
       "law_case.tfir:4:5: error[parse]: no law is named 'NoSuchLaw'; the laws are CoordinatesAgreeWithEnumeration, "},
      {law_case("CoordinatesAgreeWithEnumeration", "    input L = Layout((2,), (1,))\n    run f\n"),
       "is a law case (`law CoordinatesAgreeWithEnumeration`)"},
      {law_case("CoordinatesAgreeWithEnumeration", "    input L = Layout((2,), (1,))\n", "    expect runs\n"),
       "is a law case"},
      {"tfir 1\ncase \"c\" {\n    expect holds\n}\n", "expects a law to hold but names none: add `law NAME`"},
  };
  for (const auto& c : cases) {
    const SuiteRun r = run_text(c.text);
    EXPECT_TRUE(r.outcomes.empty()) << verdicts(r);
    ASSERT_FALSE(r.bad_input.empty()) << c.text;
    EXPECT_NE(r.bad_input[0].render().find(c.message), std::string::npos) << r.bad_input[0].render();
  }
}

}  // namespace
}  // namespace tf::conformance
