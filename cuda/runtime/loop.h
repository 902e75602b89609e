// A TIR For loop in the emitted code (seed 002: `range(start, stop, step)` counts up by a
// positive step while the index is below stop):
//   tf_rt::prim::loop_begin(tf_rt::loop_trips(start, stop, step));
//   for (std::int64_t i = start; i < stop; i = tf_rt::next_index(i, step, stop)) {
//     tf_rt::prim::loop_trip();
//     ...
// The step is checked before the first trip (a step that is not positive ends the thread as the
// machine model's eval error ends its run), the trips are known before the loop starts (the
// emulation refuses a loop its step budget cannot finish, as the model does), and the index never
// overflows: an index past int64 is past any stop.
#pragma once

#include <cstdint>

#include "cuda/runtime/prim.h"

namespace tf_rt {

/// The trips of a loop from `start` to `stop` by `step`: 0 when start >= stop (up to 2^64 - 1, so
/// unsigned). A step that is not positive traps (the machine model: "for: the step is N; a TIR
/// loop counts up by a positive step").
TF_DEV std::uint64_t loop_trips(std::int64_t start, std::int64_t stop, std::int64_t step) {
  if (step <= 0) prim::trap("for: the step is not positive; a TIR loop counts up by a positive step");
  if (start >= stop) return 0;
  const std::uint64_t span = static_cast<std::uint64_t>(stop) - static_cast<std::uint64_t>(start);
  return (span - 1) / static_cast<std::uint64_t>(step) + 1;
}

/// The index after `i` of a loop to `stop` by `step` (> 0, i < stop): i + step, or `stop` itself
/// when that reaches or passes it (so the sum never overflows).
TF_DEV std::int64_t next_index(std::int64_t i, std::int64_t step, std::int64_t stop) {
  return static_cast<std::uint64_t>(step) < static_cast<std::uint64_t>(stop) - static_cast<std::uint64_t>(i) ? i + step : stop;
}

}  // namespace tf_rt
