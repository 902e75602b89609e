// How long a GEMM ran on the device, for a time ratio against another implementation.
#pragma once

namespace tf::cublas {

/// The mean time of one GEMM over `repeats` back-to-back launches after one untimed warm-up
/// launch (so neither the first launch's setup nor a host copy is counted).
struct GemmTiming {
  int repeats = 0;               ///< 0: not timed
  double milliseconds = 0;       ///< per GEMM, between two cudaEvents on the launching stream
  double wall_milliseconds = 0;  ///< per GEMM, the host's clock from the first timed launch to the
                                 ///< end of the last (how a host entry calling kernels is timed)
};

}  // namespace tf::cublas
