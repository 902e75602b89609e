// A watchdog for one case at a time: a case that runs past its limit aborts the process after
// printing its input, so a hang becomes a failure with its reproducer instead of a timeout.
#pragma once

#include <chrono>
#include <string>

namespace tf::fuzz {

/// Arms the watchdog for the scope of one case.
class WatchdogGuard {
 public:
  /// Aborts the process, printing `input` to stderr, if this guard lives longer than `limit`.
  explicit WatchdogGuard(const std::string& input, std::chrono::seconds limit = std::chrono::seconds(60));
  ~WatchdogGuard();
  WatchdogGuard(const WatchdogGuard&) = delete;
  WatchdogGuard& operator=(const WatchdogGuard&) = delete;
};

}  // namespace tf::fuzz
