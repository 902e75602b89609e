// Timing device work between two cudaEvents: internal to tf_cublas (its .cpp files include it).
#pragma once

#include <functional>

#include "cuda/cublas/gemm_timing.h"
#include "ir/support/result.h"

namespace tf::cublas {

/// Runs `launch` once untimed, then `repeats` times between two events on the default stream,
/// waiting for the device after each (the protocol the GPU check times the emitted kernel's host
/// entry by, so that their ratio compares like with like), and returns the mean milliseconds per
/// launch, by the events and by the host clock. A launch's
/// failure or a failing event call is the diagnostic. `repeats` < 1 times nothing.
Result<GemmTiming> time_launches(const std::function<Result<bool>()>& launch, int repeats);

}  // namespace tf::cublas
