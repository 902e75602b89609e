// The limits every evaluation runs under (the HIR evaluator today; the TIR machine model takes
// the same): how much tensor storage may be live at once and how many steps it may take, so
// that no program, however large its shapes or loops, can exhaust the machine or run forever.
// Both are reported as eval diagnostics naming the op and the limit (memory_budget.h for the
// memory account; the evaluator counts the steps).
#pragma once

#include <cstdint>

namespace tf::eval {

/// The default step budget: 10^9 op calls, function calls and loop trips (minutes).
inline constexpr std::int64_t kDefaultMaxSteps = 1'000'000'000;

/// What one evaluation may use; 0 means the default.
struct EvalLimits {
  /// Bytes of tensor storage live at once; 0: default_memory_budget(), half of physical memory.
  std::int64_t max_memory_bytes = 0;
  /// Op calls, function calls and loop trips; 0: kDefaultMaxSteps. A loop whose trip count exceeds what is left
  /// is refused before its first trip.
  std::int64_t max_steps = 0;

  /// max_memory_bytes, or the default when it is 0.
  std::int64_t memory_bytes() const;
  /// max_steps, or kDefaultMaxSteps when it is 0.
  std::int64_t steps() const { return max_steps > 0 ? max_steps : kDefaultMaxSteps; }
};

}  // namespace tf::eval
