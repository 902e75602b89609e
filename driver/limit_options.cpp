#include "driver/limit_options.h"

#include <fmt/format.h>

#include <cstdint>

#include "ir/text/decimal.h"

namespace tf::cli {

std::optional<std::int64_t> parse_byte_count(std::string_view text) {
  int shift = 0;
  if (!text.empty()) {
    switch (text.back()) {
      case 'K': shift = 10; break;
      case 'M': shift = 20; break;
      case 'G': shift = 30; break;
      case 'T': shift = 40; break;
      default: break;
    }
  }
  if (shift != 0) text.remove_suffix(1);
  std::optional<std::uint64_t> n = text::integer_magnitude(text);
  if (!n || *n == 0 || *n > (std::uint64_t{INT64_MAX} >> shift)) return std::nullopt;
  return static_cast<std::int64_t>(*n << shift);
}

Result<eval::EvalLimits> resolve_limits(const LimitOptions& options) {
  eval::EvalLimits limits;
  limits.max_steps = options.max_steps;
  if (!options.max_memory) return limits;
  std::optional<std::int64_t> bytes = parse_byte_count(*options.max_memory);
  if (!bytes)
    return category_error(DiagCategory::Usage,
                          fmt::format("--max-memory '{}' is not a positive byte count in [1, 9223372036854775807] "
                                      "(4096, 512K, 512M, 8G, 2T; the suffixes are powers of 1024)",
                                      *options.max_memory));
  limits.max_memory_bytes = *bytes;
  return limits;
}

}  // namespace tf::cli
