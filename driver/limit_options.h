// The evaluation limits as `tf eval`, `tf conform` and the Python module take them:
//   max memory   tensor storage live at once (4096, 512K, 512M, 8G, 2T; powers of 1024)
//   max steps    op calls, function calls and loop trips
// Both default to eval::EvalLimits' defaults (half of physical memory, 10^9 steps). The
// command-line options that fill a LimitOptions (--max-memory, --max-steps) are
// tools/tf/limit_options.h's.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "eval/value/eval_limits.h"
#include "ir/support/result.h"

namespace tf::cli {

/// The limit options as given.
struct LimitOptions {
  /// Bytes with an optional K / M / G / T suffix; nullopt: the default (given but empty is an error).
  std::optional<std::string> max_memory;
  std::int64_t max_steps = 0;  ///< 0: eval::kDefaultMaxSteps
};

/// The byte count of a --max-memory value ("4096", "512M", "8G"; suffixes are powers of 1024),
/// or nullopt when it is not one or does not fit int64.
std::optional<std::int64_t> parse_byte_count(std::string_view text);

/// The limits `options` ask for; a Usage diagnostic for a --max-memory that is not a byte count.
Result<eval::EvalLimits> resolve_limits(const LimitOptions& options);

}  // namespace tf::cli
