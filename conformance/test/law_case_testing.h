// What the law-case tests share: a file's cases run as `tf conform` runs them, and a summary of
// the verdicts for failure messages.
#pragma once

#include <string>

#include "conformance/suite.h"
#include "eval/hir/eval_tables.h"

namespace tf::conformance::test {

/// Runs the cases of the file text `text` (named law_case.tfir in places) as `tf conform` does.
inline SuiteRun run_text(const std::string& text) {
  SuiteOptions options;
  options.context = &eval::eval_context();
  SuiteRun run;
  run_source(text, "law_case.tfir", options, run);
  return run;
}

/// Every bad-input diagnostic and case verdict of `r`, one a line.
inline std::string verdicts(const SuiteRun& r) {
  std::string s;
  for (const Diagnostic& d : r.bad_input) s += "bad input: " + d.render() + "\n";
  for (const CaseOutcome& o : r.outcomes) s += std::string(status_name(o.status)) + ": " + o.reason + "\n";
  return s;
}

}  // namespace tf::conformance::test
