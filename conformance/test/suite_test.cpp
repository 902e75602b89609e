// The suite runner contains faults: a case during which the implementation fails an internal
// check is `crashed` (counted, reported with the check, an <error> in JUnit) and the cases after
// it still run. The crash is planted: an evaluator table whose Binary handler fails a TF_CHECK.
#include "conformance/suite.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include <sys/stat.h>
#include <unistd.h>

#include "eval/hir/eval_tables.h"
#include "eval/hir/op_eval.h"
#include "ir/text/standard_context.h"

namespace tf::conformance {
namespace {

namespace fs = std::filesystem;

Result<eval::Value> planted_crash(const eval::OpEvalArgs&) {
  TF_CHECK(false, "a planted bug in the Binary handler");
  return eval::Value();
}

const char* const kCases = R"(tfir 1

func double_it(x: Tensor[(2,), f32]) -> Tensor[(2,), f32] {
    y = add(x, x)
    return y
}

case "a/evaluates-the-planted-bug" {
    run double_it
    input x = Tensor[(2,), f32]{1, 2}
    expect output = Tensor[(2,), f32]{2, 4}
}

case "b/reads-and-verifies" {
}

case "c/expects-a-rule-nobody-reports" {
    expect error TYPES.2.STORAGE.literal-is-umat
}
)";

class SuiteTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("tf_suite_test_" + std::to_string(::getpid()));
    fs::create_directories(dir_);
    std::ofstream(dir_ / "planted.tfir") << kCases;
    text::register_all_ops(context_);
    context_.handlers().set<eval::EvalHirHandler>(*context_.registry().find("hir.math.Binary"),
                                                  &planted_crash);
  }
  void TearDown() override { fs::remove_all(dir_); }

  SuiteRun run() {
    SuiteOptions options;
    options.paths = {dir_.string()};
    options.context = &context_;
    options.on_case = [this](const CaseOutcome& o) { seen_.push_back(o.name); };
    return run_suite(options);
  }

  fs::path dir_;
  Context context_;
  std::vector<std::string> seen_;
};

TEST_F(SuiteTest, ACrashingCaseIsCrashedAndTheRunGoesOn) {
  const SuiteRun r = run();
  EXPECT_TRUE(r.bad_input.empty());
  ASSERT_EQ(r.outcomes.size(), 3u);
  EXPECT_EQ(seen_, (std::vector<std::string>{"a/evaluates-the-planted-bug", "b/reads-and-verifies",
                                             "c/expects-a-rule-nobody-reports"}));
  EXPECT_EQ(r.outcomes[0].status, CaseOutcome::Status::Crashed);
  EXPECT_NE(r.outcomes[0].reason.find("internal error: "), std::string::npos) << r.outcomes[0].reason;
  EXPECT_NE(r.outcomes[0].reason.find("a planted bug in the Binary handler"), std::string::npos);
  EXPECT_EQ(r.outcomes[1].status, CaseOutcome::Status::Passed) << r.outcomes[1].reason;
  EXPECT_EQ(r.outcomes[2].status, CaseOutcome::Status::Failed);
  EXPECT_EQ(r.outcomes[2].reason, "no input for parameter x of double_it");
  EXPECT_EQ(r.tally.passed, 1u);
  EXPECT_EQ(r.tally.failed, 1u);
  EXPECT_EQ(r.tally.skipped, 0u);
  EXPECT_EQ(r.tally.crashed, 1u);
}

TEST_F(SuiteTest, ReportsCountACrashAsAnError) {
  const SuiteRun r = run();
  const std::string junit = junit_xml(r);
  EXPECT_NE(junit.find("tests=\"3\" failures=\"1\" skipped=\"0\" errors=\"1\""), std::string::npos) << junit;
  EXPECT_NE(junit.find("<error message=\"internal error: "), std::string::npos) << junit;
  EXPECT_NE(junit.find("<failure message="), std::string::npos) << junit;
  const std::string json = json_report(r);
  EXPECT_NE(json.find("\"status\":\"crashed\""), std::string::npos) << json;
  EXPECT_NE(json.find("\"passed\":1,\"failed\":1,\"skipped\":0,\"crashed\":1"), std::string::npos) << json;
}

TEST(SuiteFiles, ACrashWhileReadingAFileIsOneCrashedOutcomeAndTheRunGoesOn) {
  const fs::path dir = fs::temp_directory_path() / ("tf_suite_read_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  std::ofstream(dir / "a.tfir") << "tfir 1\natom A = cuda.mma.atom(op=ANY)\n\ncase \"a/never-runs\" {\n}\n";
  std::ofstream(dir / "b.tfir") << "tfir 1\n\ncase \"b/runs\" {\n}\n";
  Context context;
  text::register_all_ops(context);
  context.set_atom_factory(
      [](const std::string&) -> Result<Atom> { TF_CHECK(false, "a planted bug in the atom factory"); });
  SuiteOptions options;
  options.paths = {dir.string()};
  options.context = &context;
  const SuiteRun r = run_suite(options);
  fs::remove_all(dir);
  ASSERT_EQ(r.outcomes.size(), 2u);
  EXPECT_EQ(r.outcomes[0].status, CaseOutcome::Status::Crashed);
  EXPECT_EQ(r.outcomes[0].name, (dir / "a.tfir").string());
  EXPECT_NE(r.outcomes[0].reason.find("a planted bug in the atom factory"), std::string::npos);
  EXPECT_EQ(r.outcomes[1].name, "b/runs");
  EXPECT_EQ(r.outcomes[1].status, CaseOutcome::Status::Passed) << r.outcomes[1].reason;
  EXPECT_EQ(r.tally.crashed, 1u);
  EXPECT_EQ(r.tally.passed, 1u);
}

TEST(SuiteFiles, AMissingPathIsBadInputAndFoldersAreSearchedInOrder) {
  std::vector<Diagnostic> errors;
  EXPECT_TRUE(case_files({"no/such/folder"}, errors).empty());
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_NE(errors[0].message.find("no such file or folder 'no/such/folder'"), std::string::npos);
}

// A folder holding a symlink loop, a FIFO named like a case file and a symlinked folder that
// points back up: the walk ends, reads nothing that is not a regular file, and reports each
// unreadable entry with why (issue: robust against every input, class 3).
TEST(SuiteFiles, SymlinkLoopsAndFifosAreDiagnosticsNotHangsOrExceptions) {
  const fs::path dir = fs::temp_directory_path() / ("tf_suite_links_" + std::to_string(::getpid()));
  fs::create_directories(dir / "sub");
  std::ofstream(dir / "sub" / "ok.tfir") << "tfir 1\n\ncase \"ok/runs\" {\n}\n";
  fs::create_symlink(dir / "loop_b.tfir", dir / "loop_a.tfir");
  fs::create_symlink(dir / "loop_a.tfir", dir / "loop_b.tfir");
  fs::create_directory_symlink(dir, dir / "sub" / "up");  // a folder loop through a symlink
  ASSERT_EQ(::mkfifo((dir / "pipe.tfir").c_str(), 0600), 0);
  Context context;
  text::register_all_ops(context);
  eval::register_hir_eval(context.handlers());
  SuiteOptions options;
  options.paths = {dir.string()};
  options.context = &context;
  const SuiteRun r = run_suite(options);
  fs::remove_all(dir);
  std::vector<std::string> why;
  for (const Diagnostic& d : r.bad_input) why.push_back(d.message);
  ASSERT_EQ(why.size(), 3u);  // loop_a, loop_b, pipe (sorted); sub/up is not entered
  EXPECT_NE(why[0].find("loop_a.tfir': "), std::string::npos) << why[0];
  EXPECT_NE(why[1].find("loop_b.tfir': "), std::string::npos) << why[1];
  EXPECT_NE(why[2].find("pipe.tfir': it is a FIFO, not a regular file"), std::string::npos) << why[2];
  ASSERT_EQ(r.outcomes.size(), 1u);
  EXPECT_EQ(r.outcomes[0].name, "ok/runs");
}

// Issue (robustness, class 1): each case runs under the suite's budgets, its input and expected
// literals included; a case over a budget fails with the diagnostic and the cases after it run.
TEST(SuiteLimits, ACaseOverABudgetFailsWithTheDiagnosticAndTheRunGoesOn) {
  const std::string source = R"(tfir 1
func spin(x: Tensor[(1,), f32]) -> Tensor[(1,), f32] {
    r = for i in range(0, 1000000000000, 1) carry (a = x) {
        b = add(a, a)
        yield (b)
    }
    return r
}
func same(x: Tensor[(1024, 1024), f32]) -> Tensor[(1024, 1024), f32] {
    return x
}
func twice(x: Tensor[(2,), f32]) -> Tensor[(2,), f32] {
    y = add(x, x)
    return y
}
case "a/loop-over-the-step-budget" {
    run spin
    input x = Tensor[(1,), f32]{1}
    expect output = Tensor[(1,), f32]{2}
}
case "b/input-over-the-memory-budget" {
    run same
    input x = Tensor[(1024, 1024), f32] splat(1)
    expect output = Tensor[(1024, 1024), f32] splat(1)
}
case "c/expected-output-over-the-memory-budget" {
    run twice
    input x = Tensor[(2,), f32]{1, 2}
    expect output = Tensor[(2048, 1024), f32] splat(1)
}
case "d/within-the-budgets" {
    run twice
    input x = Tensor[(2,), f32]{1, 2}
    expect output = Tensor[(2,), f32]{2, 4}
}
)";
  SuiteOptions options;
  options.context = &eval::eval_context();
  options.limits.max_memory_bytes = 1 << 20;  // a (1024, 1024) f32 tensor needs 4 MiB
  options.limits.max_steps = 1000;
  SuiteRun r;
  run_source(source, "limits.tfir", options, r);
  ASSERT_TRUE(r.bad_input.empty());
  ASSERT_EQ(r.outcomes.size(), 4u);
  EXPECT_EQ(r.outcomes[0].status, CaseOutcome::Status::Failed);
  EXPECT_NE(r.outcomes[0].reason.find("runs 1000000000000 trips, more than the 1000 steps left of the "
                                      "budget of 1000"),
            std::string::npos)
      << r.outcomes[0].reason;
  EXPECT_EQ(r.outcomes[1].status, CaseOutcome::Status::Failed);
  EXPECT_NE(r.outcomes[1].reason.find("limits.tfir:23:15: error[eval]: the literal: its result needs "
                                      "4194304 bytes with 0 live; the memory budget is 1048576 bytes"),
            std::string::npos)
      << r.outcomes[1].reason;
  EXPECT_EQ(r.outcomes[2].status, CaseOutcome::Status::Failed);
  EXPECT_NE(r.outcomes[2].reason.find("the expected output: its result needs 8388608 bytes"), std::string::npos)
      << r.outcomes[2].reason;
  EXPECT_EQ(r.outcomes[3].status, CaseOutcome::Status::Passed) << r.outcomes[3].reason;
  EXPECT_EQ(r.tally.failed, 3u);
  EXPECT_EQ(r.tally.passed, 1u);
}

// The statements fuzz reproducers use (docs/fuzzing.md): `expect runs` passes on any clean run
// and fails on an evaluation error, `expect roundtrip` judges the printer's contract, `schedule`
// takes an unsigned seed and nothing else.
TEST(SuiteReproducerStatements, RunsRoundTripAndSchedule) {
  const std::string source = R"(tfir 1
func fdiv(a: Tensor[(2,), i32], b: Tensor[(2,), i32]) -> Tensor[(2,), i32] {
    q = floor_div(a, b)
    return q
}
case "a/a-clean-run" {
    run fdiv
    schedule 7
    input a = Tensor[(2,), i32]{7, -7}
    input b = Tensor[(2,), i32]{2, 2}
    expect runs
}
case "b/a-division-by-zero-is-not-a-clean-run" {
    run fdiv
    input a = Tensor[(2,), i32]{7, -7}
    input b = Tensor[(2,), i32]{2, 0}
    expect runs
}
case "c/the-file-prints-and-reads-back" {
    expect roundtrip
}
)";
  SuiteOptions options;
  options.context = &eval::eval_context();
  SuiteRun r;
  run_source(source, "repro.tfir", options, r);
  ASSERT_TRUE(r.bad_input.empty());
  ASSERT_EQ(r.outcomes.size(), 3u);
  EXPECT_EQ(r.outcomes[0].status, CaseOutcome::Status::Passed) << r.outcomes[0].reason;
  EXPECT_EQ(r.outcomes[1].status, CaseOutcome::Status::Failed);
  EXPECT_EQ(r.outcomes[1].reason.rfind("expected a clean run; the evaluation failed: ", 0), 0u) << r.outcomes[1].reason;
  EXPECT_EQ(r.outcomes[2].status, CaseOutcome::Status::Passed) << r.outcomes[2].reason;

  SuiteRun bad;
  run_source("tfir 1\ncase \"x\" {\n    schedule seven\n}\n", "bad.tfir", options, bad);
  ASSERT_EQ(bad.bad_input.size(), 1u);
  EXPECT_NE(bad.bad_input[0].render().find("bad.tfir:3:5: error[parse]: schedule takes a thread-order seed (an unsigned integer), found 'seven'"),
            std::string::npos)
      << bad.bad_input[0].render();
}

// A function or input named by a reserved word is written between backquotes in the whole file
// (docs/tfir.md section 1); the case lines `run` and `input` read it so too (the hostile-names
// program of tools/tf/test/hostile_names_test.cpp names an entry `return`).
TEST(SuiteCaseLines, BackquotedNamesAreNames) {
  const std::string source = R"(tfir 1
func `return`(`for`: Tensor[(2,), f32]) -> Tensor[(2,), f32] {
    y = add(`for`, `for`)
    return y
}
case "a/backquoted" {
    run `return`
    input `for` = Tensor[(2,), f32]{1, 2}
    expect output = Tensor[(2,), f32]{2, 4}
}
)";
  SuiteOptions options;
  options.context = &eval::eval_context();
  SuiteRun r;
  run_source(source, "bq.tfir", options, r);
  ASSERT_TRUE(r.bad_input.empty()) << r.bad_input[0].render();
  ASSERT_EQ(r.outcomes.size(), 1u);
  EXPECT_EQ(r.outcomes[0].status, CaseOutcome::Status::Passed) << r.outcomes[0].reason;
  SuiteRun bad;
  run_source("tfir 1\ncase \"x\" {\n    run `1x`\n}\n", "bad.tfir", options, bad);
  ASSERT_EQ(bad.bad_input.size(), 1u);
  EXPECT_NE(bad.bad_input[0].render().find("bad.tfir:3:9: error[parse]: `1x` is not an identifier"), std::string::npos)
      << bad.bad_input[0].render();
}

// A case at level hir naming no func said the TIR evaluator was "not built yet" (it is): the
// reason now lists the file's functions of every kind (issue 42).
TEST(SuiteCaseLines, ACaseNamingNoFuncListsTheFunctions) {
  SuiteOptions options;
  options.context = &eval::eval_context();
  SuiteRun r;
  run_source("tfir 1\ncase \"c\" {\n    run nosuch\n    at hir\n    input x = Tensor[(2,), f32]{1, 2}\n    expect output = reference\n}\n",
             "nf.tfir", options, r);
  ASSERT_EQ(r.outcomes.size(), 1u);
  EXPECT_EQ(r.outcomes[0].status, CaseOutcome::Status::Failed);
  EXPECT_EQ(r.outcomes[0].reason,
            "there is no function nosuch (the file has no functions)");
}

}  // namespace
}  // namespace tf::conformance
