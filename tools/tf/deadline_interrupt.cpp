#include "tools/tf/deadline_interrupt.h"

#include <algorithm>

#include "eval/hir/evaluator.h"

namespace tf::cli {

DeadlineInterrupt::DeadlineInterrupt(double seconds)
    : deadline_(std::chrono::steady_clock::now() +
                std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                    std::chrono::duration<double>(std::max(0.0, seconds)))) {
  thread_ = std::thread([this] {
    std::unique_lock<std::mutex> lock(mu_);
    if (cv_.wait_until(lock, deadline_, [this] { return done_; })) return;
    fired_.store(true, std::memory_order_release);
    eval::request_interrupt();
  });
}

DeadlineInterrupt::~DeadlineInterrupt() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    done_ = true;
  }
  cv_.notify_all();
  thread_.join();
  if (fired()) eval::clear_interrupt();
}

double DeadlineInterrupt::seconds_left() const {
  if (fired()) return 0;
  return std::max(
      0.0, std::chrono::duration<double>(deadline_ - std::chrono::steady_clock::now()).count());
}

}  // namespace tf::cli
