// Parsing the VALUE arguments of `tf cast`: a decimal or hex-float literal, inf / nan with an
// optional sign, or `bits:0x...` for an exact f32 bit pattern. A decimal is read twice: to the
// nearest f64 (what f64 holds) and, exactly, to the f64 rounded to odd (text::read_round_to_odd),
// from which one more rounding to any narrower dtype is the correctly rounded spelled value, as
// the tensor-literal reader does (reading the nearest f64 first would round twice).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "ir/support/result.h"

namespace CLI {
class Validator;
}

namespace tf::cli {

struct CliValue {
  std::string text;  ///< the argument as given
  double value = 0;  ///< the nearest f64 (exact for bits: and short hex floats)
  double odd = 0;    ///< the spelled value rounded to odd: round this to a narrower dtype
  bool from_f32_bits = false;
};

/// Parses one VALUE argument; a malformed one gets a usage diagnostic that says what is accepted.
/// A leading kValueMark (value_arguments) is not part of the value.
Result<CliValue> parse_cli_value(std::string_view text);

/// Marks an argument that the command-line parser would take for an option but that is a value.
inline constexpr char kValueMark = '\x01';

/// The arguments of `tf ...` with every `-inf`, `-infinity` and `-nan` (any case) prefixed by
/// kValueMark, so that CLI11, which reads a word after '-' as short options, passes them on as
/// values (`tf cast -inf --to f32`). No option of tf is spelled like them.
std::vector<std::string> value_arguments(int argc, const char* const* argv);

/// "0x7e" / "0x7fff" / "0x7fc00000": `code` in lower-case hex, two digits per byte of a
/// `bit_width`-bit dtype (at least two digits).
std::string format_code(std::uint64_t code, int bit_width);

/// The shortest decimal that reads back as `v` ("448", "-0", "5.877471754111438e-39"),
/// or "nan" / "inf" / "-inf".
std::string format_value(double v);

/// C99 hex-float spelling of `v` ("0x1.dp+8"), or "nan" / "inf" / "-inf".
std::string format_hexfloat(double v);

// ---- Numeric options ----------------------------------------------------------------------------
// Every numeric option of every subcommand is checked on its text, before CLI11 converts it (which
// would wrap "-1" into an unsigned, clamp an integer beyond int64, read "010" as octal, or take
// nan and inf for a time): it must be a finite number in the option's range, and a value that is
// not fails as a usage error (exit 2) that states the range:
//   tf: error[usage]: --cases: '-5' is not an integer in [1, 9223372036854775807]

/// The most seconds any time option takes (--time, --shrink-time, --reduce-time): 10^7 s, about
/// 115 days, so that a deadline computed from it never leaves the clock's range.
inline constexpr double kMaxOptionSeconds = 1e7;

/// "" when `text` is an integer spelling (decimal, or hex 0x..., with an optional '-') of a value
/// in [lo, hi], and `text` is then rewritten in decimal (what CLI11 converts); otherwise why not:
/// "'TEXT' is not an integer in [LO, HI]".
std::string check_integer(std::string& text, std::int64_t lo, std::int64_t hi);

/// The same for an unsigned 64-bit value in [lo, hi] ("-1" is refused, never wrapped).
std::string check_unsigned(std::string& text, std::uint64_t lo, std::uint64_t hi);

/// "" when `text` is a finite decimal or hex-float number in [lo, hi] (in (lo, hi] when
/// `lo_open`), and `text` is then rewritten as the shortest decimal that reads back as it;
/// otherwise why not: "'nan' is not a finite number in [0, 10000000]". nan and inf never pass.
std::string check_number(std::string& text, double lo, double hi, bool lo_open = false);

/// CLI11 validators of the three checks above, for `->check(...)` on a numeric option; each
/// names its range in --help ("INT in [1, 9223372036854775807]").
CLI::Validator integer_in(std::int64_t lo, std::int64_t hi);
CLI::Validator unsigned_in(std::uint64_t lo, std::uint64_t hi);
CLI::Validator number_in(double lo, double hi, bool lo_open = false);

}  // namespace tf::cli
