// Ctrl-C for the commands that run programs: while a CtrlC lives, SIGINT asks every running
// evaluation (HIR, TIR, the emulation) to stop at its next step (eval::request_interrupt)
// instead of killing the process, so the command reports what it ran, says it was interrupted
// and exits 2. `tf conform` and `tf reduce` died with exit 130 and no output before (issue 34).
// SIGTERM (what `timeout` and `kill` send) and SIGHUP (a closed terminal) stop it the same way,
// so that the temporary folders of a compile are removed (they were left, 62 MB each).
#pragma once

#include <array>
#include <atomic>
#include <cstddef>
#include <csignal>

#include "eval/hir/evaluator.h"

namespace tf::cli {

/// Installs the handler (and clears an earlier request); the destructor puts the previous one back.
class CtrlC {
 public:
  CtrlC() {
    flag().store(false, std::memory_order_relaxed);  // cleared first: a Ctrl-C right after install counts
    eval::clear_interrupt();
    for (std::size_t i = 0; i < kSignals.size(); ++i)
      previous_[i] = std::signal(kSignals[i], [](int) {
        flag().store(true, std::memory_order_relaxed);
        eval::request_interrupt();
      });
  }
  ~CtrlC() {
    for (std::size_t i = 0; i < kSignals.size(); ++i) std::signal(kSignals[i], previous_[i]);
  }
  CtrlC(const CtrlC&) = delete;
  CtrlC& operator=(const CtrlC&) = delete;

  /// Whether Ctrl-C was pressed while one lived (a deadline, deadline_interrupt.h, stops the
  /// evaluations too, but is not Ctrl-C).
  static bool pressed() { return flag().load(std::memory_order_relaxed); }

 private:
  static std::atomic<bool>& flag() {
    static std::atomic<bool> f{false};
    return f;
  }
  static constexpr std::array<int, 3> kSignals{SIGINT, SIGTERM, SIGHUP};
  std::array<void (*)(int), 3> previous_{};
};

}  // namespace tf::cli
