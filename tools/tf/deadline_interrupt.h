// A time budget that reaches inside a running evaluation: when it is spent, every evaluation in
// the process is asked to stop at its next step (eval::request_interrupt, the flag Ctrl-C sets),
// so a replay that would run for minutes ends when the budget does. What `tf reduce --time` (and
// `tf fuzz --reduce-time`) bound their replays with.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>

namespace tf::cli {

/// Interrupts every running evaluation once `seconds` have passed since its construction, unless
/// destroyed first. Its destructor withdraws the request it made, so later evaluations run.
class DeadlineInterrupt {
 public:
  explicit DeadlineInterrupt(double seconds);
  ~DeadlineInterrupt();
  DeadlineInterrupt(const DeadlineInterrupt&) = delete;
  DeadlineInterrupt& operator=(const DeadlineInterrupt&) = delete;

  /// Whether the budget is spent (and the interrupt requested).
  bool fired() const { return fired_.load(std::memory_order_acquire); }
  /// The seconds left of the budget (0 once spent).
  double seconds_left() const;

 private:
  std::chrono::steady_clock::time_point deadline_;
  std::mutex mu_;
  std::condition_variable cv_;
  bool done_ = false;
  std::atomic<bool> fired_{false};
  std::thread thread_;
};

}  // namespace tf::cli
