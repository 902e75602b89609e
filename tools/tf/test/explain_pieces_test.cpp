// The pieces `tf explain` is made of: the semantics paragraph of an op, what a covering place is,
// the seed column, one case run by name (the nearest names: ir/support/test/nearest_names_test.cpp).
#include <gtest/gtest.h>

#include "conformance/case_filter.h"
#include "driver/ir_session.h"
#include "tools/tf/cover_place.h"
#include "tools/tf/explain_rule.h"
#include "tools/tf/semantics_doc.h"
#include "tools/tf/single_case.h"

namespace tf::cli {
namespace {

constexpr const char* kPage =
    "# Semantics\n"
    "\n"
    "## Type inference\n"
    "\n"
    "- **Concat** anchors storage.\n"
    "\n"
    "## Evaluation\n"
    "\n"
    "### Shape ops\n"
    "\n"
    "- Data movers copy codes: `concat(a, b, axis=0)` joins,\n"
    "  and `hir.tensor.Stack` stacks.\n"
    "- **Concat** joins along an existing axis.\n"
    "\n"
    "```\n"
    "**Zeros** inside a fence is no paragraph\n"
    "```\n"
    "| kind | what |\n"
    "|---|---|\n"
    "\n"
    "### Zeros and more\n"
    "\n"
    "Every code 0.\n";

Op op_named(const char* name) { return *cli_context().registry().find(name); }

TEST(SemanticsDoc, ParagraphsAreItemsProseRunsTablesAndHeadings) {
  std::vector<DocParagraph> p = markdown_paragraphs(kPage, "page.md");
  ASSERT_EQ(p.size(), 10u);
  EXPECT_TRUE(p[0].heading);
  EXPECT_EQ(p[2].text, "- **Concat** anchors storage.");
  EXPECT_EQ(p[2].part, "Type inference");
  EXPECT_EQ(p[5].line, 11);
  EXPECT_EQ(p[5].text, "- Data movers copy codes: `concat(a, b, axis=0)` joins,\n  and `hir.tensor.Stack` stacks.");
  EXPECT_EQ(p[5].section, "Shape ops");
  EXPECT_EQ(p[5].part, "Evaluation");
  EXPECT_EQ(p[7].text, "| kind | what |\n|---|---|");
  EXPECT_EQ(p[9].text, "Every code 0.");
}

TEST(SemanticsDoc, TheEvaluationPartAndALeadingBoldNameWin) {
  std::vector<DocParagraph> p = markdown_paragraphs(kPage, "page.md");
  std::optional<DocParagraph> concat = op_paragraph(p, op_named("hir.tensor.Concat"), "Evaluation");
  ASSERT_TRUE(concat);
  EXPECT_EQ(concat->line, 13);  // not the Type inference bullet, not the code span at line 11
  std::optional<DocParagraph> stack = op_paragraph(p, op_named("hir.tensor.Stack"), "Evaluation");
  ASSERT_TRUE(stack);
  EXPECT_EQ(stack->line, 11);  // its full name in a code span
  std::optional<DocParagraph> zeros = op_paragraph(p, op_named("hir.tensor.Zeros"), "Evaluation");
  ASSERT_TRUE(zeros);  // named only by a heading: the paragraph under it
  EXPECT_EQ(zeros->text, "Every code 0.");
  EXPECT_FALSE(op_paragraph(p, op_named("hir.tensor.Split"), "Evaluation"));
}

TEST(SemanticsDoc, EachDialectHasItsPage) {
  EXPECT_EQ(semantics_page_of(op_named("tir.memory.Copy")).path, "docs/tir-semantics.md");
  EXPECT_EQ(semantics_page_of(op_named("tir.memory.Copy")).evaluation_part, "Execution");
  EXPECT_EQ(semantics_page_of(op_named("dim.DimAdd")).path, "docs/hir-semantics.md");
  EXPECT_EQ(semantics_page_of(op_named("hir.nn.SoftMax")).evaluation_part, "Evaluation");
}

TEST(SeedText, DocumentNumberAndSection) {
  EXPECT_EQ(seed_text("000_feab50141363482c.txt: 1. IRType"), "seed 000, section 1. IRType");
  EXPECT_EQ(seed_text("002_f8c8ba7dbbfc2638.txt: 1.5 Sync / Named-barrier id allocation"),
            "seed 002, section 1.5 Sync / Named-barrier id allocation");
  EXPECT_EQ(seed_text("003_1b6786c7927570ee.txt"), "seed 003");
}

constexpr int kMarkerLine = __LINE__;  // the test right below is this place's test
TEST(CoverPlace, ACaseFileAGtestAndOtherSource) {
  CoverPlaceFinder finder(TF_SOURCE_ROOT);
  CoverPlace c = finder.classify({"conformance/cases/hir/dim/arith.tfir", 25, 12});
  EXPECT_EQ(c.kind, CoverPlace::Kind::Case);
  EXPECT_EQ(c.case_name, "hir/dim/arith/floor-semantics");
  // This file's own test below, built into explain_command_test.
  CoverPlace g = finder.classify({"tools/tf/test/explain_pieces_test.cpp", kMarkerLine, 1});
  EXPECT_EQ(g.kind, CoverPlace::Kind::Gtest);
  EXPECT_EQ(g.test, "CoverPlace.ACaseFileAGtestAndOtherSource");
  EXPECT_EQ(g.binary, "explain_command_test");
  CoverPlace o = finder.classify({"tools/tf/explain_rule.cpp", 1, 1});
  EXPECT_EQ(o.kind, CoverPlace::Kind::Other);
  EXPECT_STREQ(cover_place_kind_name(o.kind), "other");
}

// A test source listed in a `set(VAR ...)` belongs to the test whose sources name ${VAR}, not to
// the test added just above the `set` (issue 42 item 10: tf explain named hir_eval_core_test for
// the tests of hir_eval_math_test).
TEST(CoverPlace, ATestListedThroughAVariableNamesItsOwnBinary) {
  CoverPlaceFinder finder(TF_SOURCE_ROOT);
  EXPECT_EQ(finder.classify({"eval/hir/test/unary_eval_test.cpp", 1, 1}).binary, "hir_eval_math_test");
  EXPECT_EQ(finder.classify({"eval/hir/test/strided_copy_test.cpp", 1, 1}).binary, "hir_eval_tensor_test");
  EXPECT_EQ(finder.classify({"eval/hir/test/evaluator_test.cpp", 1, 1}).binary, "hir_eval_core_test");
}

TEST(SingleCase, RunsOneCaseByItsExactName) {
  const conformance::CaseFilter exact = conformance::CaseFilter::exactly("hir/dim/a.b c");
  EXPECT_TRUE(exact.selects("hir/dim/a.b c"));
  EXPECT_FALSE(exact.selects("hir/dim/axb c"));     // '.' taken literally
  EXPECT_FALSE(exact.selects("hir/dim/a.b c/more"));  // anchored at both ends
  const std::string file = std::string(TF_SOURCE_ROOT) + "/conformance/cases/hir/dim/arith.tfir";
  conformance::CaseOutcome o = run_single_case(file, "hir/dim/arith/zero-divisor", nullptr);
  EXPECT_EQ(o.name, "hir/dim/arith/zero-divisor");
  EXPECT_EQ(outcome_verdict(o), "PASS");
  conformance::CaseOutcome none = run_single_case(file, "hir/dim/arith", nullptr);
  EXPECT_EQ(outcome_verdict(none), "FAIL: the file has no case of this name");
}

}  // namespace
}  // namespace tf::cli
