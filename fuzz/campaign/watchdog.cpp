#include "fuzz/campaign/watchdog.h"

#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <thread>

namespace tf::fuzz {
namespace {

class Watchdog {
 public:
  static Watchdog& instance() {
    static Watchdog* w = new Watchdog();  // never destroyed: its thread outlives main's statics
    return *w;
  }
  void arm(const std::string& input, std::chrono::seconds limit) {
    std::lock_guard<std::mutex> lock(mu_);
    input_ = input;
    deadline_ = std::chrono::steady_clock::now() + limit;
    armed_ = true;
    cv_.notify_all();
  }
  void disarm() {
    std::lock_guard<std::mutex> lock(mu_);
    armed_ = false;
  }

 private:
  Watchdog() {
    std::thread([this] { run(); }).detach();
  }
  void run() {
    std::unique_lock<std::mutex> lock(mu_);
    while (true) {
      if (!armed_) {
        cv_.wait(lock);
        continue;
      }
      const auto deadline = deadline_;
      if (cv_.wait_until(lock, deadline) == std::cv_status::timeout && armed_ && deadline_ == deadline) {
        std::fprintf(stderr, "a case ran past its time limit; the input was:\n%s\n", input_.c_str());
        std::fflush(stderr);
        std::abort();
      }
    }
  }
  std::mutex mu_;
  std::condition_variable cv_;
  std::string input_;
  std::chrono::steady_clock::time_point deadline_;
  bool armed_ = false;
};

}  // namespace

WatchdogGuard::WatchdogGuard(const std::string& input, std::chrono::seconds limit) { Watchdog::instance().arm(input, limit); }
WatchdogGuard::~WatchdogGuard() { Watchdog::instance().disarm(); }

}  // namespace tf::fuzz
