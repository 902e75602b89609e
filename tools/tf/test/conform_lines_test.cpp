// The lines tf conform writes as it runs (conform_lines.h): a PASS line under --at says whether
// the case ran at that level (issue 42: `PASS name/lowered` read the same whether or not the
// backend ran), and the live progress line of a terminal.
#include "tools/tf/conform_lines.h"

#include <gtest/gtest.h>

#include <sstream>

#include "driver/ir_session.h"
#include "tools/tf/conform_command.h"
#include "tools/tf/test/temp_file.h"

namespace tf::cli {
namespace {

using conformance::CaseOutcome;
using conformance::SuiteTally;

CaseOutcome passed(std::string name, std::string level) {
  CaseOutcome o;
  o.name = std::move(name);
  o.level = std::move(level);
  return o;
}

TEST(ConformLines, APassLineNamesTheLevelOnlyWhenAtForcesOne) {
  EXPECT_EQ(outcome_line(passed("softmax/lowered", "lowered"), ""), "PASS softmax/lowered");
  EXPECT_EQ(outcome_line(passed("softmax/lowered", "cuda-emu"), "cuda-emu"), "PASS softmax/lowered (at cuda-emu)");
  EXPECT_EQ(outcome_line(passed("verify/rejected", ""), "cuda-emu"), "PASS verify/rejected (not run at cuda-emu)");
  CaseOutcome failed = passed("f", "cuda-emu");
  failed.status = CaseOutcome::Status::Failed;
  failed.reason = "differs";
  failed.location.file = "c.tfir";
  failed.location.line = 3;
  failed.location.column = 1;
  EXPECT_EQ(outcome_line(failed, "cuda-emu"), "FAIL f: differs (c.tfir:3:1)");
}

constexpr const char* kCases = R"(tfir 1
func double(x: Tensor[(2,), f32]) -> Tensor[(2,), f32] {
    y = add(x, x)
    return y
}
case "lines/reads" {
    run double
}
case "lines/runs" {
    run double
    input x = Tensor[(2,), f32]{1, 2}
    expect output = Tensor[(2,), f32]{2, 4}
}
)";

std::string conform_out(const std::string& at) {
  ConformRequest r{.paths = {write_temp("conform_lines.tfir", kCases)},
                   .rules = TF_SOURCE_ROOT "/conformance/rules.tsv",
                   .at = at};
  std::ostringstream out, err;
  EXPECT_EQ(run_conform(r, out, err), 0) << err.str();
  EXPECT_EQ(err.str(), "");  // not a terminal: no progress line
  return out.str();
}

TEST(ConformLines, AtALevelTheCasesThatRanSaySoAndTheDefaultRunIsUnchanged) {
  EXPECT_EQ(conform_out(""), "PASS lines/reads\nPASS lines/runs\n2 passed, 0 failed, 0 skipped\n");
  EXPECT_EQ(conform_out("lowered"),
            "PASS lines/reads (not run at lowered)\nPASS lines/runs (at lowered)\n2 passed, 0 failed, 0 skipped\n");
}

TEST(ConformLines, TheProgressLineCountsCasesAndFailures) {
  SuiteTally t;
  t.passed = 117;
  t.failed = 3;
  EXPECT_EQ(progress_line(120, 632, t), "conform: 120/632 cases, 3 failed");
  t.crashed = 1;
  EXPECT_EQ(progress_line(121, 632, t), "conform: 121/632 cases, 3 failed, 1 crashed");
}

TEST(ConformLines, TheProgressIsRedrawnInPlaceAndErasedAtTheEnd) {
  std::ostringstream err;
  ConformProgress progress(err, /*enabled=*/true, 3);
  SuiteTally t;
  t.passed = 1;
  progress.update(t);
  EXPECT_EQ(err.str(), "\r\033[Kconform: 1/3 cases, 0 failed");
  t.passed = 2;
  progress.update(t);  // within a quarter of a second of the last drawing: not drawn again
  EXPECT_EQ(err.str(), "\r\033[Kconform: 1/3 cases, 0 failed");
  progress.hide();  // a case line is printed: the line goes, and comes back at once after it
  t.failed = 1;
  progress.update(t);
  EXPECT_EQ(err.str(), "\r\033[Kconform: 1/3 cases, 0 failed\r\033[K\r\033[Kconform: 3/3 cases, 1 failed");
  progress.finish();
  EXPECT_EQ(err.str(), "\r\033[Kconform: 1/3 cases, 0 failed\r\033[K\r\033[Kconform: 3/3 cases, 1 failed\r\033[K");
  std::ostringstream quiet;
  ConformProgress off(quiet, /*enabled=*/false, 3);
  off.update(t);
  off.hide();
  off.finish();
  EXPECT_EQ(quiet.str(), "");
}

TEST(ConformLines, TheCountIsTheCasesTheFilterSelects) {
  conformance::SuiteOptions options;
  options.paths = {write_temp("conform_count.tfir", kCases)};
  options.context = &cli_context();
  EXPECT_EQ(count_selected_cases(options), 2u);
  options.filter = conformance::CaseFilter::make("runs").value();
  EXPECT_EQ(count_selected_cases(options), 1u);
}

}  // namespace
}  // namespace tf::cli
