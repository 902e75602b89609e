// Strict case files (issue: robust against every input, class 7): a file that does not read and
// a case that sets up a run nobody checks are bad input, never a silent pass or "0 passed".
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "conformance/case_filter.h"
#include "conformance/rule_catalogue.h"
#include "conformance/suite.h"
#include "eval/hir/op_eval.h"
#include "ir/text/standard_context.h"

namespace tf::conformance {
namespace {

namespace fs = std::filesystem;

constexpr const char* kFunc =
    "tfir 1\n\nfunc f(x: Tensor[(2,), f32]) -> Tensor[(2,), f32] {\n    return x\n}\n\n";

// The ops and the HIR evaluator's handlers.
const Context* test_context() {
  static const Context* context = [] {
    auto* c = new Context();
    text::register_all_ops(*c);
    eval::register_hir_eval(c->handlers());
    return c;
  }();
  return context;
}

// Runs the one file `body` (after kFunc) and returns the run.
SuiteRun run_file_text(const std::string& body) {
  const Context* context = test_context();
  const fs::path file = fs::temp_directory_path() / ("tf_strict_" + std::to_string(::getpid()) + ".tfir");
  std::ofstream(file) << kFunc << body;
  SuiteOptions options;
  options.paths = {file.string()};
  options.context = context;
  SuiteRun r = run_suite(options);
  fs::remove(file);
  return r;
}

std::string messages(const SuiteRun& r) {
  std::string s;
  for (const Diagnostic& d : r.bad_input) s += d.render() + "\n";
  return s;
}

TEST(StrictCases, ACaseWithoutItsClosingBraceIsBadInput) {
  const SuiteRun r = run_file_text(
      "case \"a\" {\n    input x = Tensor[(2,), f32]{1, 2}\n    expect output = Tensor[(2,), f32]{1, 2}\n");
  EXPECT_TRUE(r.outcomes.empty());
  ASSERT_FALSE(r.bad_input.empty());
  EXPECT_EQ(r.bad_input[0].category, DiagCategory::Parse) << messages(r);
}

TEST(StrictCases, AnUnknownItemKeywordOrAStrayBraceIsBadInput) {
  for (const char* body : {"bogus \"a\" {\n}\n", "case \"a\" {\n    expect error eval \"x\"\n}\n}\n"}) {
    const SuiteRun r = run_file_text(body);
    EXPECT_FALSE(r.bad_input.empty()) << body;
  }
}

TEST(StrictCases, ACaseThatSetsUpARunButChecksNothingIsBadInput) {
  const SuiteRun r = run_file_text("case \"a\" {\n    input x = Tensor[(2,), f32]{1, 2}\n}\n");
  EXPECT_TRUE(r.outcomes.empty());
  ASSERT_EQ(r.bad_input.size(), 1u) << messages(r);
  EXPECT_NE(r.bad_input[0].message.find("case \"a\" gives inputs or dims but nothing checks a "
                                        "run"),
            std::string::npos)
      << messages(r);
  EXPECT_EQ(r.bad_input[0].location.line, 7);
}

// A rule id the catalogue does not hold is bad input, with the nearest ids it does hold.
TEST(StrictCases, AnUnknownRuleIdNamesTheNearestIds) {
  const RuleCatalogue rules = RuleCatalogue::parse(
                                  "id\tseed\tkind\trule\tcheck\n"
                                  "A.1.X.one\ts\treject\tr\tc\n"
                                  "B.2.Y.three\ts\tvalue\tr\tc\n",
                                  "t.tsv")
                                  .value();
  const fs::path file = fs::temp_directory_path() / ("tf_strict_ids_" + std::to_string(::getpid()) + ".tfir");
  std::ofstream(file) << kFunc << "case \"a\" {\n    covers A.1.X.onw\n    run f\n}\n";
  SuiteOptions options;
  options.paths = {file.string()};
  options.context = test_context();
  options.rules = &rules;
  const SuiteRun r = run_suite(options);
  fs::remove(file);
  ASSERT_EQ(r.bad_input.size(), 1u) << messages(r);
  EXPECT_EQ(r.bad_input[0].message, "'A.1.X.onw' is not a rule id of the catalogue");
  ASSERT_EQ(r.bad_input[0].notes.size(), 1u);
  EXPECT_EQ(r.bad_input[0].notes[0], "did you mean: A.1.X.one");
}

TEST(StrictCases, ACaseWithoutExpectLinesAssertsThatTheFileVerifies) {
  const SuiteRun r = run_file_text("case \"accepted\" {\n    run f\n}\n");
  EXPECT_TRUE(r.bad_input.empty()) << messages(r);
  ASSERT_EQ(r.outcomes.size(), 1u);
  EXPECT_EQ(r.outcomes[0].status, CaseOutcome::Status::Passed);
}

}  // namespace
}  // namespace tf::conformance

namespace tf::conformance {
namespace {

// --filter is RE2: a pattern that makes a backtracking engine take exponential time (or
// overflow its stack) on a long name is answered in linear time here; a malformed one is a
// Usage diagnostic.
TEST(CaseFilter, IsLinearTimeAndRefusesMalformedPatterns) {
  const CaseFilter pathological = CaseFilter::make("^(a*)*b$").value();
  EXPECT_FALSE(pathological.selects(std::string(50'000, 'a')));
  EXPECT_TRUE(pathological.selects("aaab"));
  const CaseFilter hir = CaseFilter::make("hir/").value();
  EXPECT_TRUE(hir.selects("verify/hir/dims"));
  EXPECT_FALSE(hir.selects("tir/sync"));
  EXPECT_TRUE(CaseFilter().selects("anything"));
  EXPECT_TRUE(CaseFilter::make("").value().selects("anything"));
  Result<CaseFilter> bad = CaseFilter::make("(unclosed");
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.diagnostics()[0].category, DiagCategory::Usage);
  EXPECT_EQ(bad.diagnostics()[0].message,
            "--filter '(unclosed' is not a regular expression (RE2 syntax): missing ): (unclosed");
}

}  // namespace
}  // namespace tf::conformance
