#include "tools/tf/quantize_command.h"

#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <iostream>
#include <memory>

#include "driver/report.h"
#include "ir/numerics/block_format_of.h"
#include "ir/numerics/convert.h"
#include "ir/support/json_text.h"
#include "ir/text/decimal.h"
#include "tools/tf/cli_value.h"

namespace tf::cli {
namespace {

using nlohmann::ordered_json;

ordered_json number_or_name(double v) {
  if (std::isnan(v) || std::isinf(v)) return format_value(v);
  return v;
}

Result<std::vector<float>> parse_values(const std::vector<std::string>& texts) {
  std::vector<float> values;
  std::vector<Diagnostic> bad;
  for (const std::string& t : texts) {
    Result<CliValue> v = parse_cli_value(t);
    if (!v) {
      bad.insert(bad.end(), v.diagnostics().begin(), v.diagnostics().end());
      continue;
    }
    // The spelled value rounded once to f32 (from the odd double: cli_value.h).
    std::uint64_t bits =
        numerics::encode_f64(v->odd, DType::f32(), numerics::default_cast_mode(DType::f32()));
    values.push_back(numerics::decode_f32(bits, DType::f32()));
  }
  if (!bad.empty()) return bad;
  return values;
}

}  // namespace

int run_quantize(const QuantizeRequest& r, std::ostream& out, std::ostream& err) {
  Result<DType> dtype = DType::from_name(r.to);
  if (!dtype) return report_bad_input(dtype.diagnostics(), err, r.json);
  Result<numerics::BlockScaleFormat> format = numerics::block_scale_format_of(*dtype);
  if (!format) return report_bad_input(format.diagnostics(), err, r.json);
  numerics::ScaleMethod method = numerics::default_scale_method(*format);
  if (r.scale_method) {
    auto m = numerics::scale_method_from_name(*r.scale_method);
    if (!m)
      return report_bad_input({category_error(DiagCategory::Usage,
                                              fmt::format("--scale-method '{}' is not one of "
                                                          "ocp, rceil, nvfp4",
                                                          *r.scale_method))},
                              err, r.json);
    method = *m;
  }
  Result<std::vector<float>> parsed = parse_values(r.values);
  if (!parsed) return report_bad_input(parsed.diagnostics(), err, r.json);
  std::vector<float> values = *parsed;
  std::vector<std::int64_t> shape = r.shape;
  std::size_t padded = 0;
  if (shape.empty()) {
    std::size_t block = static_cast<std::size_t>(format->block_size);
    padded = (block - values.size() % block) % block;
    values.resize(values.size() + padded, 0.0f);
    shape = {static_cast<std::int64_t>(values.size())};
  }
  Result<numerics::BlockScaledValue> q = numerics::quantize(values, shape, *format, method);
  if (!q) return report_bad_input(q.diagnostics(), err, r.json);
  std::vector<float> deq = numerics::dequantize(*q, *format);

  const int elem_bits = format->element.bit_width();
  const int scale_bits = format->block_scale.bit_width();
  const std::size_t block = static_cast<std::size_t>(format->block_size);
  ordered_json j = {{"dtype", std::string(dtype->name())},
                    {"scale_method", numerics::scale_method_name(method)},
                    {"shape", shape},
                    {"padded", padded}};
  if (q->tensor_scale_bits) {
    double s = numerics::decode_f64(*q->tensor_scale_bits, DType::f32());
    j["tensor_scale"] = {{"code", format_code(*q->tensor_scale_bits, 32)}, {"value", s}};
  } else {
    j["tensor_scale"] = nullptr;
  }
  j["blocks"] = ordered_json::array();
  for (std::size_t b = 0; b < q->block_scales.size(); ++b) {
    std::uint8_t sc = q->block_scales[b];
    ordered_json blk = {
        {"scale_code", format_code(sc, scale_bits)},
        {"scale_value", number_or_name(numerics::decode_f64(sc, format->block_scale))},
        {"elements", ordered_json::array()}};
    for (std::size_t i = b * block; i < (b + 1) * block; ++i)
      blk["elements"].push_back({{"input", number_or_name(values[i])},
                                 {"code", format_code(q->element_codes[i], elem_bits)},
                                 {"value", number_or_name(deq[i])}});
    j["blocks"].push_back(std::move(blk));
  }
  if (r.json) {
    out << json_text(j) << '\n';
    return kExitOk;
  }
  out << fmt::format("{} ({} scale method), shape ({}){}\n", dtype->name(),
                     numerics::scale_method_name(method), fmt::join(shape, ", "),
                     padded ? fmt::format(", padded with {} zeros", padded) : "");
  if (q->tensor_scale_bits)
    out << fmt::format("tensor scale {} = {}\n", j["tensor_scale"]["code"].get<std::string>(),
                       format_value(j["tensor_scale"]["value"].get<double>()));
  for (std::size_t b = 0; b < q->block_scales.size(); ++b) {
    const ordered_json& blk = j["blocks"][b];
    out << fmt::format("block {}: scale {} = {}\n", b, blk["scale_code"].get<std::string>(),
                       format_value(numerics::decode_f64(q->block_scales[b], format->block_scale)));
    for (std::size_t i = b * block; i < (b + 1) * block; ++i) {
      if (i >= r.values.size()) continue;  // the padding is summarised in the header line
      out << fmt::format("  [{}] {} -> {} = {}\n", i, format_value(values[i]),
                         format_code(q->element_codes[i], elem_bits), format_value(deq[i]));
    }
  }
  return kExitOk;
}

void add_quantize_command(CLI::App& app, int& exit_code) {
  auto req = std::make_shared<QuantizeRequest>();
  CLI::App* cmd = app.add_subcommand(
      "quantize",
      "Quantize f32 values into a block-scaled dtype and show every plane.\n"
      "Example: tf quantize 1.9 0.5 -0.03 --to MXFP8_E4M3 --scale-method rceil");
  cmd->add_option("values", req->values, "the tensor's values, row-major (as for tf cast)")
      ->required();
  cmd->add_option("--to", req->to, "a block-scaled dtype: MXFP8_E4M3 ... MXINT8, NVFP4")
      ->required();
  cmd->add_option("--shape", req->shape,
                  "the logical shape, comma-separated (blocks run along the last axis); "
                  "default: one row padded with zeros to whole blocks")
      ->delimiter(',')
      // Checked on the text: CLI11 would clamp an extent beyond int64 to its largest value.
      ->check(CLI::Validator(
          [](std::string& extent) -> std::string {
            std::optional<std::int64_t> e = text::signed_integer(extent);
            if (!e) return "'" + extent + "' is not an integer that fits in 64 bits";
            if (*e < 0) return "extent " + extent + " is negative";
            return {};
          },
          "EXTENT"));
  cmd->add_option("--scale-method", req->scale_method,
                  "ocp (OCP MX floor, default for MX), rceil (cuBLAS / cuDNN / TransformerEngine), "
                  "nvfp4 (TransformerEngine's NVFP4 recipe, default for NVFP4)");
  cmd->add_flag("--json", req->json, "one JSON object with every plane");
  cmd->callback([req, &exit_code] { exit_code = run_quantize(*req, std::cout, std::cerr); });
}

}  // namespace tf::cli
