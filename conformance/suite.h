// Running a conformance suite: the case files under some paths, each read and verified once,
// every case run with its faults contained, the tallies, and the JUnit and JSON reports.
//
// Design note. A case during which our own code fails a check (InternalError) or throws
// anything else is `crashed`: reported with what failed, counted apart from failures, written
// to JUnit as an <error>, and the run goes on with the next case, so one bug never hides the
// verdicts after it. A crash while a file is read or verified is one crashed outcome named by
// the file's path (its cases are not run). Bad input (a path that does not exist, a file whose cases do not read) is
// collected as diagnostics beside the outcomes. The caller prints; `on_case` sees each outcome
// as it is decided (progress on long runs).
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "conformance/case_filter.h"
#include "conformance/case_runner.h"
#include "conformance/rule_catalogue.h"
#include "eval/value/eval_limits.h"
#include "ir/core/op_handlers.h"
#include "ir/support/diagnostic.h"
#include "ir/text/file_reader.h"

namespace tf::conformance {

/// How many cases ended each way.
struct SuiteTally {
  std::size_t passed = 0;
  std::size_t failed = 0;
  std::size_t skipped = 0;
  std::size_t crashed = 0;

  void count(CaseOutcome::Status s);
};

/// What running a suite gave.
struct SuiteRun {
  std::vector<CaseOutcome> outcomes;   ///< in file order, then case order
  SuiteTally tally;
  std::vector<Diagnostic> bad_input;   ///< paths and files that could not be run
};

/// What a suite runs with.
struct SuiteOptions {
  std::vector<std::string> paths;      ///< case files, or folders searched recursively for .tfir
  CaseFilter filter;                   ///< the cases that run (default: every case)
  /// What files are read and cases run in: every op family, the atoms and the HIR evaluator's
  /// handlers (eval::eval_context()).
  const Context* context = nullptr;
  const RuleCatalogue* rules = nullptr;  ///< checks `covers` and `expect error` ids (may be null)
  std::function<void(const CaseOutcome&)> on_case;  ///< called after each case (may be empty)
  /// The budgets of each case's evaluation, its inputs included (tf conform --max-memory,
  /// --max-steps): a case over them fails with the diagnostic, and the suite goes on.
  eval::EvalLimits limits;
  /// When set, every case runs at this level instead of its own (`tf conform --at lowered`: the
  /// HIR cases through the lowering).
  std::string level;
  /// Level cuda-emu's backend (empty: those cases are skipped).
  BackendRunner emu;
  /// When set, run_suite first runs every selected case at level cuda-emu or cuda-gpu inside
  /// prefetch(collect) as a collection pass (`collecting`), its outcomes dropped, so that the
  /// backends can collect what they would compile and compile it at once
  /// (cuda/driver/prefetch.h); then it runs the suite as always.
  std::function<void(const std::function<void()>& collect)> prefetch;
  /// The prefetch's collection pass: only the cases at cuda-emu and cuda-gpu run, and their
  /// machine model only allocates the outputs (CaseFile::collecting). Set by run_suite.
  bool collecting = false;
  /// Level cuda-gpu's backend and why it cannot run now (CaseFile's fields of those names).
  BackendRunner gpu;
  std::function<std::string()> gpu_unavailable;
};

/// The .tfir files named by `paths` (folders searched recursively, sorted within each folder);
/// a path that is neither a file nor a folder is a Usage diagnostic in `errors`.
std::vector<std::string> case_files(const std::vector<std::string>& paths,
                                    std::vector<Diagnostic>& errors);

/// Runs every case of `options.paths` that the filter selects.
SuiteRun run_suite(const SuiteOptions& options);

/// Runs the selected cases of one file's text `source`, named `path` in diagnostics (its folder
/// is where relative npy("...") paths start), adding to `run` (options.paths is not used).
void run_source(const std::string& source, const std::string& path, const SuiteOptions& options,
                SuiteRun& run);

/// Runs `c` of `file` as run_case does, but a case that throws is `crashed` with the reason.
CaseOutcome run_case_contained(const Case& c, const CaseFile& file, const OpHandlers& eval);

/// A JUnit XML report: one testsuite, each case a testcase classed by its file; a failure is a
/// <failure>, a crash an <error>, a skip <skipped>.
std::string junit_xml(const SuiteRun& run);

/// The JSON report: {"cases": [{name, status, reason, file, line, seconds}...], "passed",
/// "failed", "skipped", "crashed"}, one line.
std::string json_report(const SuiteRun& run);

}  // namespace tf::conformance
