#include "eval/value/tensor_json.h"

#include <cmath>
#include <cstdlib>

#include "ir/numerics/block_format_of.h"
#include "eval/value/tensor_convert.h"
#include "eval/value/tensor_text.h"

namespace tf::eval {

namespace {

// A float element: its literal spelling read as the nearest double, or a string for the
// values JSON numbers cannot hold.
nlohmann::json float_json(const std::string& spelling) {
  if (spelling == "nan" || spelling == "inf" || spelling == "-inf") return spelling;
  return std::strtod(spelling.c_str(), nullptr);
}

nlohmann::json codes_json(const std::vector<std::uint8_t>& codes, int bit_width) {
  nlohmann::json out = nlohmann::json::array();
  for (std::uint8_t c : codes) out.push_back(code_text(c, bit_width));
  return out;
}

}  // namespace

nlohmann::json tensor_json(const Tensor& t) {
  nlohmann::json out;
  out["dtype"] = std::string(t.dtype().name());
  out["shape"] = t.shape();
  nlohmann::json values = nlohmann::json::array();
  if (t.is_block_scaled()) {
    for (float v : to_f32(t)) values.push_back(float_json(f32_text(v)));
    out["values"] = std::move(values);
    const numerics::BlockScaledValue& p = t.planes();
    Result<numerics::BlockScaleFormat> f = numerics::block_scale_format_of(t.dtype());
    TF_CHECK(f.ok(), "a block-scaled tensor of {} without a format", t.dtype().name());
    nlohmann::json planes;
    planes["element_codes"] = codes_json(p.element_codes, f->element.bit_width());
    planes["block_scales"] = codes_json(p.block_scales, f->block_scale.bit_width());
    if (p.tensor_scale_bits) planes["tensor_scale"] = code_text(*p.tensor_scale_bits, 32);
    out["planes"] = std::move(planes);
    return out;
  }
  const DType d = t.dtype();
  nlohmann::json bits = nlohmann::json::array();
  for (std::int64_t i = 0; i < t.size(); ++i) {
    if (d.is_bool()) {
      values.push_back(t.code(i) != 0);
    } else if (d.is_integer()) {
      values.push_back(std::stoll(element_text(t, i)));
    } else {
      values.push_back(float_json(element_text(t, i)));
    }
    bits.push_back(code_text(t.code(i), d.bit_width()));
  }
  out["values"] = std::move(values);
  out["bits"] = std::move(bits);
  return out;
}

}  // namespace tf::eval
