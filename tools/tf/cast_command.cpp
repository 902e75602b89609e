#include "tools/tf/cast_command.h"

#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <iostream>
#include <memory>

#include "driver/report.h"
#include "ir/numerics/cast_mode.h"
#include "ir/numerics/convert.h"
#include "ir/dtype/dtype.h"
#include "ir/support/json_text.h"
#include "tools/tf/cli_value.h"

namespace tf::cli {
namespace {

nlohmann::ordered_json json_number_or_name(double v) {
  if (std::isnan(v) || std::isinf(v)) return format_value(v);
  return v;
}

Result<numerics::CastMode> resolve_mode(const CastRequest& r, DType target) {
  numerics::CastMode mode = numerics::default_cast_mode(target);
  if (r.rounding) {
    auto rounding = numerics::rounding_from_name(*r.rounding);
    if (!rounding)
      return category_error(DiagCategory::Usage,
                            fmt::format("--rounding '{}' is not one of rn, rz, rp", *r.rounding));
    mode.rounding = *rounding;
  }
  if (r.no_saturate) mode.saturate = false;
  return numerics::check_cast_mode(target, mode);
}

}  // namespace

int run_cast(const CastRequest& r, std::ostream& out, std::ostream& err) {
  Result<DType> target = DType::from_name(r.to);
  if (!target) return report_bad_input(target.diagnostics(), err, r.json);
  if (target->is_compound())
    return report_bad_input(
        {category_error(DiagCategory::Usage,
                        fmt::format("--to {} is a block-scaled dtype: a single value has no block "
                                    "to scale; cast takes a simple dtype",
                                    r.to))},
        err, r.json);
  if (r.from != "f64" && r.from != "f32")
    return report_bad_input(
        {category_error(DiagCategory::Usage, fmt::format("--from '{}' is not f64 or f32", r.from))},
        err, r.json);
  Result<numerics::CastMode> mode = resolve_mode(r, *target);
  if (!mode) return report_bad_input(mode.diagnostics(), err, r.json);

  std::vector<CliValue> inputs;
  std::vector<Diagnostic> bad;
  for (const std::string& text : r.values) {
    Result<CliValue> v = parse_cli_value(text);
    if (v)
      inputs.push_back(*v);
    else
      bad.insert(bad.end(), v.diagnostics().begin(), v.diagnostics().end());
  }
  if (!bad.empty()) return report_bad_input(bad, err, r.json);

  const int width = target->bit_width();
  for (const CliValue& in : inputs) {
    // One rounding of the spelled value: every dtype (at most f32) rounds the value rounded to
    // odd (cli_value.h), and so does the f32 of --from f32.
    double x = in.odd;
    if (r.from == "f32")
      x = numerics::decode_f64(numerics::encode_f64(in.odd, DType::f32(),
                                                    numerics::default_cast_mode(DType::f32())),
                               DType::f32());
    std::uint64_t code = numerics::encode_f64(x, *target, *mode);
    const double shown = r.from == "f32" ? x : in.value;  // the input as f64 (or f32) holds it
    double value = numerics::decode_f64(code, *target);
    if (r.json) {
      nlohmann::ordered_json j = {{"input", in.text},
                          {"dtype", std::string(target->name())},
                          {"code", format_code(code, width)},
                          {"value", json_number_or_name(value)},
                          {"rounding", numerics::rounding_name(mode->rounding)},
                          {"saturate", mode->saturate}};
      out << json_text(j) << '\n';
    } else {
      out << fmt::format("{} ({} {}) -> {} {} = {}  [{}, {}]\n", in.text, r.from,
                         format_hexfloat(shown), target->name(), format_code(code, width),
                         format_value(value), numerics::rounding_name(mode->rounding),
                         mode->saturate ? "saturate" : "no-saturate");
    }
  }
  if (!r.json) {
    if (auto note = numerics::eval_cast_target_error(*target))
      out << "note: " << note->message << " [" << note->rule_id << "]\n";
  }
  return kExitOk;
}

void add_cast_command(CLI::App& app, int& exit_code) {
  auto req = std::make_shared<CastRequest>();
  CLI::App* cmd = app.add_subcommand(
      "cast",
      "Convert values to a dtype exactly and show the code, the decoded value and the mode.\n"
      "Example: tf cast 464 465 --to fp8e4m3   (464 is the tie between 448 and 480: 0x7e)");
  cmd->add_option("values", req->values,
                  "decimal (464, -3.3), hex float (0x1.8p+3), inf, -inf, nan, or bits:0x... "
                  "(an f32 bit pattern)")
      ->required();
  cmd->add_option("--to", req->to, "target dtype, e.g. fp8e4m3, f8e8m0, f4e2m1, bf16 (tf dtypes)")
      ->required();
  cmd->add_option("--rounding", req->rounding,
                  "rn (nearest even), rz (toward zero) or rp (toward +inf); default: what a CUDA "
                  "static_cast does for the target");
  cmd->add_flag("--no-saturate", req->no_saturate,
                "overflow to NaN / Inf instead of the largest finite value (fp8e4m3, fp8e5m2, "
                "f8e8m0)");
  cmd->add_option("--from", req->from,
                  "f64 (default): convert the value as parsed; f32: round it to f32 first, as a "
                  "kernel reading an f32 tensor would");
  cmd->add_flag("--json", req->json, "one JSON object per value and line");
  cmd->callback([req, &exit_code] { exit_code = run_cast(*req, std::cout, std::cerr); });
}

}  // namespace tf::cli
