// Overflow-checked int64 arithmetic for values that come from user input (extents, offsets,
// attributes): an overflow is bad input to report, never undefined behaviour or a wrapped number
// in a message.
#pragma once

#include <fmt/format.h>

#include <cstdint>
#include <optional>
#include <string>

namespace tf {

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

/// a + b as a message shows it: the sum, or "a + b" when it leaves int64.
inline std::string sum_text(std::int64_t a, std::int64_t b) {
  if (std::optional<std::int64_t> s = checked_add(a, b)) return fmt::format("{}", *s);
  return fmt::format("{} + {}", a, b);
}

}  // namespace tf
