// The evaluation limits on the command line, shared by `tf eval` and `tf conform`:
//   --max-memory BYTES   tensor storage live at once (4096, 512K, 512M, 8G, 2T; powers of 1024)
//   --max-steps N        op calls, function calls and loop trips
// Both default to eval::EvalLimits' defaults (half of physical memory, 10^9 steps). What they
// mean, and how a LimitOptions becomes eval::EvalLimits, is driver/limit_options.h's.
#pragma once

#include "driver/limit_options.h"

namespace CLI {
class App;
}

namespace tf::cli {

/// Adds --max-memory and --max-steps to `cmd`, writing into `options`.
void add_limit_options(CLI::App& cmd, LimitOptions& options);

}  // namespace tf::cli
