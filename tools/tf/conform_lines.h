// The lines `tf conform` writes as it runs (conform_command.h): each case's outcome line, and on a
// terminal the live progress line.
#pragma once

#include <chrono>
#include <cstddef>
#include <ostream>
#include <string>

#include "conformance/suite.h"

namespace tf::cli {

/// The line a case's outcome prints as: "PASS name", "FAIL name: reason (file:line)", "SKIP ...",
/// "CRASH ...". Under `tf conform --at LEVEL` (`forced_level` not empty) a PASS line says whether
/// the case ran at that level, "PASS name (at cuda-emu)", or "PASS name (not run at cuda-emu)"
/// when its expectations were decided without running it (read and verify expectations, a law).
std::string outcome_line(const conformance::CaseOutcome& o, const std::string& forced_level);

/// "conform: 120/632 cases, 3 failed" (", 1 crashed" when a case crashed).
std::string progress_line(std::size_t done, std::size_t total, const conformance::SuiteTally& tally);

/// How many cases a run of `options` (paths, filter) selects, counted by reading the case blocks
/// of its files as run_suite reads them (a file that does not read counts none).
std::size_t count_selected_cases(const conformance::SuiteOptions& options);

/// The live progress line on a terminal: progress_line rewritten in place ("\r" and erase to the
/// end of the line) at most four times a second, hidden while a case line is printed, and erased
/// at the end. Writes nothing when not `enabled` (stderr is no terminal: tests and CI see no
/// change).
class ConformProgress {
 public:
  ConformProgress(std::ostream& err, bool enabled, std::size_t total);
  /// Erases the line when it is shown (before a case line is printed on the same terminal).
  void hide();
  /// Shows the counts after a case: at once when the line is hidden, else when a quarter of a
  /// second has passed since it was last drawn.
  void update(const conformance::SuiteTally& tally);
  /// Erases the line for good (before the diagnostics and the summary).
  void finish();

 private:
  std::ostream& err_;
  bool enabled_;
  std::size_t total_;
  bool shown_ = false;
  std::chrono::steady_clock::time_point drawn_{};
};

}  // namespace tf::cli
