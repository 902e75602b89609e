#include "ir/numerics/block_scale.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>

#include "ir/numerics/cast_mode.h"
#include "ir/numerics/convert.h"
#include "ir/numerics/mx_fast_path.h"
#include "ir/numerics/mx_scale.h"
#include "ir/numerics/nvfp4_scale.h"
#include "ir/support/check.h"
#include "ir/support/record_table.h"

namespace tf::numerics {
namespace {

constexpr const char* kCardinalityRule = "DTREP.LEVELEXTENT.int-cardinality";

Diagnostic usage(std::string message) {
  return category_error(DiagCategory::Usage, std::move(message));
}

std::string shape_str(std::span<const std::int64_t> shape) {
  return fmt::format("({})", fmt::join(shape, ", "));
}

std::string dtype_str(DType d) { return d.valid() ? std::string(d.name()) : "none"; }

/// Problems of the format itself, independent of any shape.
void check_format(const BlockScaleFormat& format, std::vector<Diagnostic>& diags) {
  if (!format.element.valid() || !mx::is_mx_element(format.element))
    diags.push_back(usage(fmt::format(
        "block-scaled element dtype {} is not one of fp8e4m3, fp8e5m2, f6e3m2, f6e2m3, f4e2m1, "
        "i8", dtype_str(format.element))));
  if (format.block_scale != DType::f8e8m0() && format.block_scale != DType::fp8e4m3())
    diags.push_back(usage(fmt::format("block scale dtype {} is not f8e8m0 or fp8e4m3",
                                      dtype_str(format.block_scale))));
  if (format.tensor_scale.valid() && format.tensor_scale != DType::f32())
    diags.push_back(usage(fmt::format("tensor scale dtype {} is not f32",
                                      dtype_str(format.tensor_scale))));
  if (format.block_size <= 0)
    diags.push_back(usage(fmt::format("block size {} is not positive", format.block_size)));
}

/// The exact f64 value of `v` rounded once to f32 (nearest even, overflow to +-Inf).
float round_to_f32(double v) {
  static const CastMode kMode = default_cast_mode(DType::f32());
  return std::bit_cast<float>(static_cast<std::uint32_t>(encode_f64(v, DType::f32(), kMode)));
}

void quantize_nvfp4(std::span<const float> values, const BlockScaleFormat& format,
                    BlockScaledValue& out) {
  const auto bs = static_cast<std::size_t>(format.block_size);
  float gamax = 0.0f;  // non-finite values are left out: their blocks become NaN blocks
  for (float v : values)
    if (std::isfinite(v)) gamax = std::max(gamax, std::fabs(v));
  const float s_enc = nvfp4::encode_scale(gamax);
  for (std::size_t b = 0; b < out.block_scales.size(); ++b)
    out.block_scales[b] = nvfp4::quantize_block(
        values.subspan(b * bs, bs), s_enc, std::span(out.element_codes).subspan(b * bs, bs));
  out.tensor_scale_bits = std::bit_cast<std::uint32_t>(1.0f / s_enc);
}

}  // namespace

const char* scale_method_name(ScaleMethod m) {
  static constexpr const char* kNames[] = {
#define TF_SCALE_METHOD(E, spelling) spelling,
#include "ir/numerics/scale_methods.def"
  };
  return record_row(kNames, m, "ScaleMethod");
}

std::optional<ScaleMethod> scale_method_from_name(std::string_view name) {
  for (ScaleMethod m : kAllScaleMethods)
    if (name == scale_method_name(m)) return m;
  return std::nullopt;
}

BlockScaleFormat mx_format(DType element) {
  TF_CHECK(mx::is_mx_element(element), "{} is not an MX element dtype", dtype_str(element));
  return BlockScaleFormat{element, DType::f8e8m0(), 32, DType()};
}

BlockScaleFormat nvfp4_format() {
  return BlockScaleFormat{DType::f4e2m1(), DType::fp8e4m3(), 16, DType::f32()};
}

bool method_supported(const BlockScaleFormat& format, ScaleMethod method) {
  switch (method) {
    case ScaleMethod::Ocp:
    case ScaleMethod::Rceil:
      return format.block_scale == DType::f8e8m0() && !format.tensor_scale.valid();
    case ScaleMethod::Nvfp4:
      return format.element == DType::f4e2m1() && format.block_scale == DType::fp8e4m3() &&
             format.tensor_scale == DType::f32();
  }
  return false;
}

Result<BlockGrid> block_grid(std::span<const std::int64_t> shape,
                             const BlockScaleFormat& format) {
  std::vector<Diagnostic> diags;
  check_format(format, diags);
  if (shape.empty()) {
    diags.push_back(usage("a block-scaled tensor needs rank >= 1: blocks run along the last "
                          "axis, and a rank-0 shape has none"));
    return diags;
  }
  BlockGrid grid;
  grid.element_count = 1;
  for (std::int64_t d : shape) {
    if (d < 0) {
      diags.push_back(usage(fmt::format("shape {} has a negative extent", shape_str(shape))));
      return diags;
    }
    if (d != 0 && grid.element_count > std::numeric_limits<std::int64_t>::max() / d) {
      diags.push_back(usage(fmt::format("shape {} has more than 2^63 elements",
                                        shape_str(shape))));
      return diags;
    }
    grid.element_count *= d;
  }
  if (!diags.empty()) return diags;
  grid.block_size = format.block_size;
  if (shape.back() % format.block_size != 0)
    return rule_error(kCardinalityRule,
                      fmt::format("the last axis of shape {} has extent {}, not a multiple of "
                                  "the block size {}: blocks of a block-scaled tensor run along "
                                  "the last axis",
                                  shape_str(shape), shape.back(), format.block_size));
  grid.block_count = grid.element_count / format.block_size;
  return grid;
}

Result<BlockGrid> check_planes(const BlockScaledValue& value, const BlockScaleFormat& format) {
  Result<BlockGrid> grid = block_grid(value.shape, format);
  if (!grid.ok()) return grid;
  std::vector<Diagnostic> diags;
  if (static_cast<std::int64_t>(value.element_codes.size()) != grid->element_count)
    diags.push_back(usage(fmt::format("{} element codes for shape {} ({} elements)",
                                      value.element_codes.size(), shape_str(value.shape),
                                      grid->element_count)));
  if (static_cast<std::int64_t>(value.block_scales.size()) != grid->block_count)
    diags.push_back(rule_error(kCardinalityRule,
                               fmt::format("{} block scales for shape {} ({} blocks of {})",
                                           value.block_scales.size(), shape_str(value.shape),
                                           grid->block_count, grid->block_size)));
  const int width = format.element.bit_width();
  const auto too_wide = [width](std::uint8_t c) { return width < 8 && (c >> width) != 0; };
  if (std::any_of(value.element_codes.begin(), value.element_codes.end(), too_wide))
    diags.push_back(usage(fmt::format("an element code does not fit the {} bits of {}", width,
                                      format.element.name())));
  if (value.tensor_scale_bits.has_value() != format.tensor_scale.valid())
    diags.push_back(usage(format.tensor_scale.valid()
                              ? "the format has a tensor scale but the value has none"
                              : "the value has a tensor scale but the format has none"));
  if (!diags.empty()) return diags;
  return grid;
}

std::vector<Diagnostic> quantize_into(std::span<const float> values,
                                      std::span<const std::int64_t> shape,
                                      const BlockScaleFormat& format, ScaleMethod method,
                                      BlockScaledValue& out) {
  Result<BlockGrid> grid = block_grid(shape, format);
  std::vector<Diagnostic> diags = grid.diagnostics();
  if (!method_supported(format, method))
    diags.push_back(usage(fmt::format(
        "scale_method={} does not apply to a format with {} elements, {} block scale and {} "
        "tensor scale: ocp and rceil need an f8e8m0 block scale and no tensor scale; nvfp4 "
        "needs f4e2m1 elements, an fp8e4m3 block scale and an f32 tensor scale",
        scale_method_name(method), dtype_str(format.element), dtype_str(format.block_scale),
        dtype_str(format.tensor_scale))));
  if (grid.ok() && static_cast<std::int64_t>(values.size()) != grid->element_count)
    diags.push_back(usage(fmt::format("{} values for shape {} ({} elements)", values.size(),
                                      shape_str(shape), grid->element_count)));
  if (!diags.empty()) return diags;

  out.shape.assign(shape.begin(), shape.end());
  out.element_codes.resize(values.size());  // every code and scale is overwritten below
  out.block_scales.resize(static_cast<std::size_t>(grid->block_count));
  out.tensor_scale_bits.reset();
  if (method == ScaleMethod::Nvfp4)
    quantize_nvfp4(values, format, out);
  else
    mx::quantize_blocks_fast(values, format.block_size, format.element, method,
                             out.element_codes, out.block_scales);
  return {};
}

Result<BlockScaledValue> quantize(std::span<const float> values,
                                  std::span<const std::int64_t> shape,
                                  const BlockScaleFormat& format, ScaleMethod method) {
  BlockScaledValue out;
  std::vector<Diagnostic> diags = quantize_into(values, shape, format, method, out);
  if (!diags.empty()) return diags;
  return out;
}

std::vector<float> dequantize(const BlockScaledValue& value, const BlockScaleFormat& format) {
  const Result<BlockGrid> grid = check_planes(value, format);
  TF_CHECK(grid.ok(), "dequantize of inconsistent planes: {}",
           grid.ok() ? "" : grid.diagnostics().front().render());
  const double tensor_scale =
      value.tensor_scale_bits ? decode_f64(*value.tensor_scale_bits, DType::f32()) : 1.0;
  const auto bs = static_cast<std::size_t>(grid->block_size);
  std::vector<float> out(value.element_codes.size());
  for (std::size_t b = 0; b < value.block_scales.size(); ++b) {
    const double scale = decode_f64(value.block_scales[b], format.block_scale);
    for (std::size_t i = b * bs; i < (b + 1) * bs; ++i) {
      if (std::isnan(scale)) {
        out[i] = std::numeric_limits<float>::quiet_NaN();
        continue;
      }
      // Exact: at most 4 + 4 + 24 significant bits and exponents far inside double's range.
      const double v = mx::decode_element(value.element_codes[i], format.element) * scale *
                       tensor_scale;
      out[i] = round_to_f32(v);
    }
  }
  return out;
}

}  // namespace tf::numerics
