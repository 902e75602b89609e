// Overflow-checked int64 arithmetic for the layout code (internal to ir/layout).
// Layout values come from user input, so an overflow is bad input (a Diagnostic), never UB.
#pragma once

#include <cstdint>
#include <optional>

namespace tf::layout_detail {

/// a * b, or nothing when it does not fit in int64.
inline std::optional<std::int64_t> checked_mul(std::int64_t a, std::int64_t b) {
  std::int64_t r;
  if (__builtin_mul_overflow(a, b, &r)) return std::nullopt;
  return r;
}

/// a + b, or nothing when it does not fit in int64.
inline std::optional<std::int64_t> checked_add(std::int64_t a, std::int64_t b) {
  std::int64_t r;
  if (__builtin_add_overflow(a, b, &r)) return std::nullopt;
  return r;
}

/// ceil(a / b) for a >= 0, b > 0.
inline std::int64_t ceil_div(std::int64_t a, std::int64_t b) { return a / b + (a % b != 0); }

}  // namespace tf::layout_detail
