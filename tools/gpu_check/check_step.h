// One check of the GPU check: its name, its time budget, how it ended and what it found, as the
// report prints it (report.md) and stores it (report.json).
#pragma once

#include <chrono>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace tf::gpu_check {

/// How a step ended. Only Passed and Skipped let the check exit 0.
enum class StepStatus {
  Passed,
  Failed,
  Skipped,    ///< did not apply, with the reason (no device, a property not built, ...)
  OutOfTime,  ///< not run, or not run to its end, within its budget
};

/// "passed", "failed", "skipped", "not run: out of time".
const char* status_name(StepStatus s);

/// A step's outcome.
struct StepRecord {
  std::string name;  ///< "conformance at cuda-gpu"
  StepStatus status = StepStatus::Passed;
  std::string summary;               ///< one line: what passed, what failed, or why skipped
  std::vector<std::string> details;  ///< Markdown lines under the step (bullets, table rows)
  nlohmann::ordered_json data = nlohmann::ordered_json::object();  ///< the facts, for report.json
  double budget_seconds = 0;
  double seconds = 0;  ///< how long it ran
};

/// A step that did not run: `status` (Skipped or OutOfTime) and why.
StepRecord not_run(std::string name, StepStatus status, std::string why);

/// The wall clock of a whole check: `seconds` from construction, shared out to steps.
class TimeBudget {
 public:
  explicit TimeBudget(double seconds) : total_(seconds), start_(std::chrono::steady_clock::now()) {}
  double elapsed() const { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count(); }
  double left() const { return total_ - elapsed(); }
  /// The budget of a step of `weight` when the steps still to come (this one included) weigh
  /// `remaining_weight`: its share of what is left, so that time a step does not use goes to
  /// the ones after it.
  double share(double weight, double remaining_weight) const;

 private:
  double total_;
  std::chrono::steady_clock::time_point start_;
};

}  // namespace tf::gpu_check
