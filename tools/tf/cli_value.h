// Parsing the VALUE arguments of `tf cast`: a decimal or hex-float literal, inf / nan with an
// optional sign, or `bits:0x...` for an exact f32 bit pattern. A decimal is read twice: to the
// nearest f64 (what f64 holds) and, exactly, to the f64 rounded to odd (text::read_round_to_odd),
// from which one more rounding to any narrower dtype is the correctly rounded spelled value, as
// the tensor-literal reader does (reading the nearest f64 first would round twice).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "ir/support/result.h"

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

}  // namespace tf::cli
