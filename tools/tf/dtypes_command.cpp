#include "tools/tf/dtypes_command.h"

#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <iostream>

#include "driver/report.h"
#include "ir/numerics/float_facts.h"
#include "ir/dtype/dtype.h"
#include "ir/support/json_text.h"
#include "tools/tf/cli_value.h"
#include "tools/tf/compound_facts.h"

namespace tf::cli {
namespace {

const char* family_name(DTypeFamily f) {
  switch (f) {
    case DTypeFamily::Float: return "float";
    case DTypeFamily::Integer: return "integer";
    case DTypeFamily::Bool: return "bool";
    case DTypeFamily::Compound: return "compound";
  }
  return "?";
}

// "448" or "0.015625 (2^-6)" for exact powers of two below 1 or above 2^16.
std::string value_with_power(double v) {
  int e = 0;
  double m = std::frexp(v, &e);
  bool power_of_two = m == 0.5;
  if (power_of_two && (v < 1 || v > 65536)) return fmt::format("{} (2^{})", format_value(v), e - 1);
  return format_value(v);
}

std::string codes_list(const std::vector<std::uint64_t>& codes, int bits) {
  std::string s;
  for (std::uint64_t c : codes) s += (s.empty() ? "" : ", ") + format_code(c, bits);
  return s;
}

nlohmann::json simple_json(DType d) {
  const SimpleDTypeInfo& s = d.simple();
  nlohmann::json j = {{"name", std::string(d.name())},
                      {"family", family_name(d.family())},
                      {"bits", s.bit_width()}};
  if (d.is_integer()) {
    j["signed"] = s.is_signed();
    int b = s.bit_width();
    j["min"] = b == 64 ? nlohmann::json(INT64_MIN) : nlohmann::json(-(std::int64_t{1} << (b - 1)));
    j["max"] = b == 64 ? nlohmann::json(INT64_MAX) : nlohmann::json((std::int64_t{1} << (b - 1)) - 1);
  }
  if (!d.is_float()) return j;
  numerics::FloatFacts f = numerics::float_facts(d);
  j["signed"] = s.is_signed();
  j["exponent_bits"] = s.exponent_bits();
  j["mantissa_bits"] = s.mantissa_bits();
  j["bias"] = f.bias;
  j["max_finite"] = f.max_finite;
  j["max_finite_code"] = format_code(f.max_finite_code, s.bit_width());
  j["min_normal"] = f.min_normal;
  j["min_subnormal"] = f.min_subnormal ? nlohmann::json(*f.min_subnormal) : nlohmann::json();
  j["inf_codes"] = nlohmann::json::array();
  if (f.pos_inf_code) j["inf_codes"].push_back(format_code(*f.pos_inf_code, s.bit_width()));
  if (f.neg_inf_code) j["inf_codes"].push_back(format_code(*f.neg_inf_code, s.bit_width()));
  j["nan_codes"] = nlohmann::json::array();
  for (std::uint64_t c : f.nan_codes) j["nan_codes"].push_back(format_code(c, s.bit_width()));
  j["nan_rule"] = f.nan_rule;
  return j;
}

void print_simple(DType d, std::ostream& out) {
  const SimpleDTypeInfo& s = d.simple();
  if (d.is_bool()) {
    out << fmt::format("{:<9} bool, {} bit: false = 0, true = 1\n", d.name(), s.bit_width());
    return;
  }
  if (d.is_integer()) {
    int b = s.bit_width();
    out << fmt::format("{:<9} integer, {} bits, two's complement, [-2^{}, 2^{} - 1]\n", d.name(), b,
                       b - 1, b - 1);
    return;
  }
  numerics::FloatFacts f = numerics::float_facts(d);
  out << fmt::format("{:<9} float, {} bits ({}{} exponent, {} mantissa), bias {}\n", d.name(),
                     s.bit_width(), s.is_signed() ? "1 sign, " : "no sign, ", s.exponent_bits(),
                     s.mantissa_bits(), f.bias);
  out << fmt::format("{:<9} max finite {} ({}), min normal {}, min subnormal {}\n", "",
                     value_with_power(f.max_finite), format_code(f.max_finite_code, s.bit_width()),
                     value_with_power(f.min_normal),
                     f.min_subnormal ? value_with_power(*f.min_subnormal) : "none");
  std::string inf = "none";
  if (f.pos_inf_code)
    inf = fmt::format("{} / {}", format_code(*f.pos_inf_code, s.bit_width()),
                      format_code(f.neg_inf_code.value_or(0), s.bit_width()));
  std::string nan = f.nan_codes.empty() ? f.nan_rule : codes_list(f.nan_codes, s.bit_width());
  out << fmt::format("{:<9} inf: {}; nan: {}\n", "", inf, nan);
}

}  // namespace

int run_dtypes(bool json, std::ostream& out) {
  if (json) {
    nlohmann::json all = nlohmann::json::array();
    for (const DType* d = simple_dtypes_begin(); d != simple_dtypes_end(); ++d)
      all.push_back(simple_json(*d));
    for (const nlohmann::json& c : compound_dtypes_json()) all.push_back(c);
    out << json_text(all, 2) << '\n';
    return kExitOk;
  }
  out << "simple dtypes\n";
  for (const DType* d = simple_dtypes_begin(); d != simple_dtypes_end(); ++d) print_simple(*d, out);
  out << "\nblock-scaled dtypes (logical value = element x scale of each level)\n";
  print_compound_dtypes(out);
  return kExitOk;
}

void add_dtypes_command(CLI::App& app, int& exit_code) {
  auto json = std::make_shared<bool>(false);
  CLI::App* cmd = app.add_subcommand(
      "dtypes",
      "List every dtype with its facts: bits, bias, extremes, Inf/NaN encodings; planes, levels\n"
      "and bits per element for the block-scaled formats.");
  cmd->add_flag("--json", *json, "print a JSON array, one object per dtype");
  cmd->callback([json, &exit_code] { exit_code = run_dtypes(*json, std::cout); });
}

}  // namespace tf::cli
