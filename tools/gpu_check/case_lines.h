// What `tf conform` prints per case (`PASS name`, `FAIL name: reason (place)`, `SKIP ...`,
// `CRASH ...`), read back by the GPU check, which runs it as child processes and must count what
// a child that was stopped at its deadline did before it stopped.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tf::gpu_check {

/// One case's line.
struct CaseLine {
  enum class Status { Passed, Failed, Skipped, Crashed };
  Status status = Status::Passed;
  std::string name;
  std::string rest;  ///< "reason (place)" for every status but Passed
};

/// The case line `line` is, or nullopt for any other line (the summary, a diagnostic).
std::optional<CaseLine> parse_case_line(std::string_view line);

/// The cases of one run, counted.
struct CaseTally {
  std::int64_t passed = 0, failed = 0, skipped = 0, crashed = 0;
  std::int64_t interrupted = 0;  ///< failed or crashed because the run was stopped (Ctrl-C, SIGTERM)
  std::vector<std::string> passed_names;
  std::vector<std::string> failures;  ///< "FAIL name: reason (place)" and CRASH lines, as printed
  std::vector<std::string> skips;     ///< the SKIP lines

  /// Counts `line` when it is a case line.
  void add(std::string_view line);
  std::int64_t total() const { return passed + failed + skipped + crashed + interrupted; }
};

/// A `tf conform --filter` regex (RE2) that selects exactly the cases named `names`, each
/// taken literally (\Q...\E); a name holding `\E` is quoted character by character.
std::string exact_names_filter(const std::vector<std::string>& names);

}  // namespace tf::gpu_check
