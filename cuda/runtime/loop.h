// A TIR For loop in the emitted code (seed 002: `range(start, stop, step)` counts up by a
// positive step while the index is below stop):
//   for (std::int64_t i = start, i_step = tf_rt::loop_step(step); i < stop; i = tf_rt::next_index(i, i_step, stop)) {
//     tf_rt::prim::loop_trip();
//     ...
// The step is checked once (a step that is not positive ends the thread as the machine model's
// eval error ends its run), and the index never overflows: an index past int64 is past any stop.
#pragma once

#include <cstdint>

#include "cuda/runtime/prim.h"

namespace tf_rt {

/// `step` when it is positive; otherwise the thread traps (the machine model: "for: the step is
/// N; a TIR loop counts up by a positive step").
TF_DEV std::int64_t loop_step(std::int64_t step) {
  if (step <= 0) prim::trap("for: the step is not positive; a TIR loop counts up by a positive step");
  return step;
}

/// The index after `i` of a loop to `stop` by `step` (> 0, i < stop): i + step, or `stop` itself
/// when that reaches or passes it (so the sum never overflows).
TF_DEV std::int64_t next_index(std::int64_t i, std::int64_t step, std::int64_t stop) {
  return static_cast<std::uint64_t>(step) < static_cast<std::uint64_t>(stop) - static_cast<std::uint64_t>(i) ? i + step : stop;
}

}  // namespace tf_rt
