// Reading number spellings exactly: an integer spelling as its uint64 magnitude, and a decimal
// or hex spelling as a double rounded to odd, from which one more rounding to any format of at
// most 51 significand bits (every dtype of the project) is the correctly rounded result of the
// spelled value. Reading the nearest double instead would round twice (a decimal just above an
// f16 or f32 midpoint can read as the midpoint itself and then tie to even the wrong way).
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace tf::text {

/// A non-negative number spelling read as a double rounded to odd.
struct OddDouble {
  double value = 0;    ///< the exact value, or the odd double next to it toward zero
  bool exact = false;  ///< true when `value` is the spelled value itself
};

/// Reads an unsigned decimal ("1.5", "1e-6", "12"), hex integer ("0x7f") or hex float
/// ("0x1.8p+3") spelling; nullopt when `spelling` is not one of these in full. A spelling beyond
/// the double range reads as the largest double (odd), so a later rounding still overflows.
std::optional<OddDouble> read_round_to_odd(std::string_view spelling);

/// The magnitude of an unsigned integer spelling, decimal ("12") or hex ("0x7f"); nullopt when
/// `spelling` is not one in full or exceeds 2^64 - 1.
std::optional<std::uint64_t> integer_magnitude(std::string_view spelling);

/// A signed integer spelling: an optional '-' and then integer_magnitude's forms ("12", "-3",
/// "0x7f"; "010" is ten, never octal); nullopt when not one in full or outside int64.
std::optional<std::int64_t> signed_integer(std::string_view spelling);

}  // namespace tf::text
