#include "tools/tf/cli_value.h"

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <cerrno>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cctype>
#include <cstring>
#include <optional>

#include "ir/text/decimal.h"

namespace tf::cli {
namespace {

Diagnostic bad_value(std::string_view text, std::string_view why) {
  return category_error(
      DiagCategory::Usage,
      fmt::format("cannot read VALUE '{}': {}; expected a decimal (464, -3.3, 1e-6), a hex float "
                  "(0x1.8p+3), inf, -inf, nan, or bits:0x... (an f32 bit pattern, at most 8 hex "
                  "digits)",
                  text, why));
}

Result<CliValue> parse_bits(std::string_view text) {
  std::string_view hex = text.substr(5);
  if (!hex.starts_with("0x") && !hex.starts_with("0X")) return bad_value(text, "bits: needs 0x");
  hex.remove_prefix(2);
  if (hex.empty() || hex.size() > 8) return bad_value(text, "bits: needs 1 to 8 hex digits");
  std::uint32_t bits = 0;
  for (char c : hex) {
    int d = std::isdigit(static_cast<unsigned char>(c)) ? c - '0'
            : (c >= 'a' && c <= 'f')                    ? c - 'a' + 10
            : (c >= 'A' && c <= 'F')                    ? c - 'A' + 10
                                                        : -1;
    if (d < 0) return bad_value(text, fmt::format("'{}' is not a hex digit", c));
    bits = bits << 4 | static_cast<std::uint32_t>(d);
  }
  const double f = static_cast<double>(std::bit_cast<float>(bits));
  CliValue v{std::string(text), f, f, true};
  return v;
}

}  // namespace

std::vector<std::string> value_arguments(int argc, const char* const* argv) {
  std::vector<std::string> out;
  for (int i = 0; i < argc; ++i) {
    std::string a = argv[i];
    std::string lower = a;
    for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (i > 0 && (lower == "-inf" || lower == "-infinity" || lower == "-nan")) a.insert(0, 1, kValueMark);
    out.push_back(std::move(a));
  }
  return out;
}

Result<CliValue> parse_cli_value(std::string_view text) {
  if (text.starts_with(kValueMark)) text.remove_prefix(1);
  if (text.starts_with("bits:")) return parse_bits(text);
  if (text.empty()) return bad_value(text, "it is empty");
  for (char c : text)
    if (std::isspace(static_cast<unsigned char>(c))) return bad_value(text, "it contains a space");
  std::string s(text);
  errno = 0;
  char* end = nullptr;
  double d = std::strtod(s.c_str(), &end);
  if (end == s.c_str() || *end != '\0') return bad_value(text, "it is not a number");
  // strtod sets ERANGE for overflow (+-HUGE_VAL = +-inf, which is the correctly rounded result)
  // and for underflow (the correctly rounded subnormal or zero): both are accepted as is.
  CliValue v{s, d, d, false};
  const bool negative = text.starts_with('-');
  std::string_view magnitude = text;
  if (negative || text.starts_with('+')) magnitude.remove_prefix(1);
  if (std::optional<text::OddDouble> odd = text::read_round_to_odd(magnitude))
    v.odd = negative ? -odd->value : odd->value;  // inf / nan spellings keep strtod's value
  return v;
}

std::string format_code(std::uint64_t code, int bit_width) {
  int digits = std::max(2, (bit_width + 7) / 8 * 2);
  return fmt::format("0x{:0{}x}", code, digits);
}

std::string format_value(double v) {
  if (std::isnan(v)) return "nan";
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  return fmt::format("{}", v);
}

std::string format_hexfloat(double v) {
  if (std::isnan(v)) return "nan";
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  return fmt::format("{:a}", v);
}

namespace {

// A bound of a range as the message states it: "10000000", not "1e+07".
std::string bound_text(double v) {
  if (std::abs(v) < 0x1p53 && v == std::trunc(v)) return fmt::format("{}", static_cast<std::int64_t>(v));
  return fmt::format("{}", v);
}

bool has_space(std::string_view text) {
  return std::any_of(text.begin(), text.end(), [](char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; });
}

}  // namespace

std::string check_integer(std::string& text, std::int64_t lo, std::int64_t hi) {
  if (text.starts_with(kValueMark)) text.erase(0, 1);  // `-inf`, `-nan` as value_arguments marks them
  const std::optional<std::int64_t> v = has_space(text) ? std::nullopt : text::signed_integer(text);
  if (!v || *v < lo || *v > hi) return fmt::format("'{}' is not an integer in [{}, {}]", text, lo, hi);
  text = fmt::format("{}", *v);
  return {};
}

std::string check_unsigned(std::string& text, std::uint64_t lo, std::uint64_t hi) {
  if (text.starts_with(kValueMark)) text.erase(0, 1);  // `-inf`, `-nan` as value_arguments marks them
  const std::optional<std::uint64_t> v = has_space(text) ? std::nullopt : text::integer_magnitude(text);
  if (!v || *v < lo || *v > hi) return fmt::format("'{}' is not an integer in [{}, {}]", text, lo, hi);
  text = fmt::format("{}", *v);
  return {};
}

std::string check_number(std::string& text, double lo, double hi, bool lo_open) {
  if (text.starts_with(kValueMark)) text.erase(0, 1);  // `-inf`, `-nan` as value_arguments marks them
  const std::string why = fmt::format("'{}' is not a finite number in {}{}, {}]", text, lo_open ? "(" : "[", bound_text(lo), bound_text(hi));
  if (text.empty() || has_space(text)) return why;
  char* end = nullptr;
  const double v = std::strtod(text.c_str(), &end);
  if (end != text.c_str() + text.size() || !std::isfinite(v) || v > hi || v < lo || (lo_open && v == lo)) return why;
  text = fmt::format("{}", v);
  return {};
}

CLI::Validator integer_in(std::int64_t lo, std::int64_t hi) {
  return CLI::Validator([lo, hi](std::string& text) { return check_integer(text, lo, hi); },
                        fmt::format("INT in [{}, {}]", lo, hi));
}

CLI::Validator unsigned_in(std::uint64_t lo, std::uint64_t hi) {
  return CLI::Validator([lo, hi](std::string& text) { return check_unsigned(text, lo, hi); },
                        fmt::format("INT in [{}, {}]", lo, hi));
}

CLI::Validator number_in(double lo, double hi, bool lo_open) {
  return CLI::Validator([lo, hi, lo_open](std::string& text) { return check_number(text, lo, hi, lo_open); },
                        fmt::format("NUMBER in {}{}, {}]", lo_open ? "(" : "[", bound_text(lo), bound_text(hi)));
}

}  // namespace tf::cli
