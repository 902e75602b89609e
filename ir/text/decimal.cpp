#include "ir/text/decimal.h"

#include <bit>
#include <charconv>
#include <cfenv>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <string>

namespace tf::text {
namespace {

// Sets the FPU rounding mode for the lifetime of the guard (strtod reads it).
class RoundingGuard {
 public:
  RoundingGuard() : saved_(std::fegetround()) {}
  ~RoundingGuard() { std::fesetround(saved_); }
  RoundingGuard(const RoundingGuard&) = delete;
  RoundingGuard& operator=(const RoundingGuard&) = delete;

  // strtod of the whole `s` under `mode`; nullopt when it does not read all of it.
  std::optional<double> read(const std::string& s, int mode) const {
    std::fesetround(mode);
    char* end = nullptr;
    const double v = std::strtod(s.c_str(), &end);
    if (end != s.c_str() + s.size()) return std::nullopt;
    return v;
  }

 private:
  int saved_;
};

bool is_hex_digit(char c) {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

// The spellings strtod would take that tfir does not write (signs, white space, "inf", "nan",
// "infinity") are refused before strtod sees them.
bool plausible_number(std::string_view s) {
  if (s.empty()) return false;
  if (s.starts_with("0x") || s.starts_with("0X"))
    return s.size() > 2 && (is_hex_digit(s[2]) || s[2] == '.');
  return (s[0] >= '0' && s[0] <= '9') || (s[0] == '.' && s.size() > 1);
}

}  // namespace

std::optional<OddDouble> read_round_to_odd(std::string_view spelling) {
  if (!plausible_number(spelling)) return std::nullopt;
  const std::string s(spelling);
  RoundingGuard guard;
  std::optional<double> down = guard.read(s, FE_TOWARDZERO);
  std::optional<double> up = guard.read(s, FE_UPWARD);
  if (!down || !up) return std::nullopt;
  if (*down == *up) return OddDouble{*down, true};
  // Inexact: the value lies strictly between `down` and the next double up; the odd one of the
  // two is `down` with its last bit set (DBL_MAX and a round-to-zero overflow are already odd).
  return OddDouble{std::bit_cast<double>(std::bit_cast<std::uint64_t>(*down) | 1u), false};
}

std::optional<std::uint64_t> integer_magnitude(std::string_view s) {
  int base = 10;
  if (s.starts_with("0x") || s.starts_with("0X")) {
    s.remove_prefix(2);
    base = 16;
  }
  std::uint64_t v = 0;
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v, base);
  if (s.empty() || ec != std::errc() || end != s.data() + s.size()) return std::nullopt;
  return v;
}

std::optional<std::int64_t> signed_integer(std::string_view s) {
  const bool negative = s.starts_with('-');
  if (negative) s.remove_prefix(1);
  std::optional<std::uint64_t> m = integer_magnitude(s);
  const std::uint64_t limit = static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max());
  if (!m || *m > limit + (negative ? 1 : 0)) return std::nullopt;
  return negative ? static_cast<std::int64_t>(0 - *m) : static_cast<std::int64_t>(*m);
}

}  // namespace tf::text
