// The JSON form of a tensor (`tf eval --json`, conformance reports): readable values and the
// exact codes side by side.
//
//   {"dtype": "f32", "shape": [2], "values": [1.5, "nan"], "bits": ["0x3fc00000", "0x7fc00000"]}
//
// Values: float elements as JSON numbers (the double nearest the element's literal spelling,
// tensor_text.h, so "0.1" rather than 0.10000000149011612), or the strings "nan", "inf",
// "-inf" where JSON has no number; integers as JSON integers; bool as true / false. "bits"
// holds each element's code (code_text). A block-scaled tensor has its dequantized f32
// "values" and, instead of "bits", "planes": {"element_codes": [...], "block_scales": [...]}
// plus "tensor_scale": "0x..." for NVFP4. The codes are the exact content; values are for
// reading.
#pragma once

#include <nlohmann/json.hpp>

#include "eval/value/tensor.h"

namespace tf::eval {

/// The JSON form of `t` (header comment).
nlohmann::json tensor_json(const Tensor& t);

}  // namespace tf::eval
