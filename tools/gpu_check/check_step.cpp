#include "tools/gpu_check/check_step.h"

#include <algorithm>

namespace tf::gpu_check {

const char* status_name(StepStatus s) {
  switch (s) {
    case StepStatus::Passed:
      return "passed";
    case StepStatus::Failed:
      return "failed";
    case StepStatus::Skipped:
      return "skipped";
    case StepStatus::OutOfTime:
      return "not run: out of time";
  }
  return "?";
}

StepRecord not_run(std::string name, StepStatus status, std::string why) {
  StepRecord r;
  r.name = std::move(name);
  r.status = status;
  r.summary = std::move(why);
  return r;
}

double TimeBudget::share(double weight, double remaining_weight) const {
  if (remaining_weight <= 0) return 0;
  return std::max(0.0, left() * weight / remaining_weight);
}

}  // namespace tf::gpu_check
