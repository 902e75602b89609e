#include "eval/value/tensor_text.h"

#include <fmt/format.h>

#include <cmath>

#include "ir/numerics/block_format_of.h"
#include "ir/numerics/cast_mode.h"
#include "ir/numerics/convert.h"
#include "eval/value/literal_element.h"
#include "ir/text/decimal.h"
#include "eval/value/tensor_convert.h"

namespace tf::eval {

namespace {

// The value `v` of a float dtype whose default rounding is not to nearest (f8e8m0): the
// shortest decimal if it is exact, else a hex float, so that no rounding direction moves it.
std::string exact_float_text(double v) {
  std::string shortest = f32_text(static_cast<float>(v));
  const bool negative = shortest.starts_with("-");
  std::optional<text::OddDouble> back = text::read_round_to_odd(negative ? shortest.substr(1) : shortest);
  if (back && back->exact && (negative ? -back->value : back->value) == v) return shortest;
  return fmt::format("{:a}", v);
}

std::string join(const std::vector<std::string>& items) {
  return fmt::format("{}", fmt::join(items, ", "));
}

std::string codes_text(const std::vector<std::uint8_t>& codes, int bit_width) {
  std::vector<std::string> items;
  items.reserve(codes.size());
  for (std::uint8_t c : codes) items.push_back(code_text(c, bit_width));
  return "bits{" + join(items) + "}";
}

std::string planes_text(const Tensor& t) {
  const numerics::BlockScaledValue& p = t.planes();
  Result<numerics::BlockScaleFormat> f = numerics::block_scale_format_of(t.dtype());
  TF_CHECK(f.ok(), "a block-scaled tensor of {} without a format", t.dtype().name());
  std::string s = literal_type_text(t) + " planes{" +
                  codes_text(p.element_codes, f->element.bit_width()) + ", " +
                  codes_text(p.block_scales, f->block_scale.bit_width());
  if (p.tensor_scale_bits) s += ", bits{" + code_text(*p.tensor_scale_bits, 32) + "}";
  return s + "}";
}

}  // namespace

std::string f32_text(float x) {
  if (std::isnan(x)) return "nan";
  if (std::isinf(x)) return x > 0 ? "inf" : "-inf";
  return fmt::format("{}", x);
}

std::string literal_type_text(const Tensor& t) {
  return fmt::format("Tensor[{}, {}]", shape_text(t.shape()), t.dtype().name());
}

std::string code_text(std::uint64_t code, int bit_width) {
  return fmt::format("{:#0{}x}", code, 2 + (bit_width + 3) / 4);
}

std::string element_text(const Tensor& t, std::int64_t i) {
  if (t.is_block_scaled()) return f32_text(to_f32(t)[static_cast<std::size_t>(i)]);
  const DType d = t.dtype();
  if (d.is_bool()) return t.code(i) != 0 ? "true" : "false";
  if (d.is_integer()) {
    const int w = d.bit_width();
    const std::uint64_t code = t.code(i);
    const std::uint64_t sign = std::uint64_t{1} << (w - 1);
    return fmt::format("{}", static_cast<std::int64_t>((code ^ sign) - sign));
  }
  const double v = numerics::decode_f64(t.code(i), d);
  if (std::isnan(v)) return "nan";
  if (numerics::default_cast_mode(d).rounding != numerics::Rounding::NearestEven &&
      std::isfinite(v))
    return exact_float_text(v);
  return f32_text(static_cast<float>(v));
}

std::string tensor_literal(const Tensor& t, LiteralStyle style) {
  if (t.is_block_scaled()) return planes_text(t);
  std::vector<std::string> items;
  items.reserve(static_cast<std::size_t>(t.size()));
  for (std::int64_t i = 0; i < t.size(); ++i)
    items.push_back(style == LiteralStyle::Bits ? code_text(t.code(i), t.dtype().bit_width())
                                                : element_text(t, i));
  if (style == LiteralStyle::Bits) return literal_type_text(t) + " bits{" + join(items) + "}";
  return literal_type_text(t) + "{" + join(items) + "}";
}

}  // namespace tf::eval
