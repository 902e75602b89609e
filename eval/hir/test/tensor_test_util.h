// Helpers of the shape and index op tests: one-op tfir programs, tensors given by raw element
// codes, and the text of a failure.
#pragma once

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <cstdint>
#include <string>
#include <vector>

#include "eval/hir/test/eval_testing.h"

namespace tf::eval::testing {

/// Evaluates `func f(x, y, z, w...) -> <result> { <body> return r }` with one parameter per
/// input, typed like the input; `body` holds bindings ending in `r = ...`, one per line.
inline Result<Value> run_body(const std::string& body, const std::vector<Tensor>& inputs,
                              const std::string& result, const std::string& prelude = {},
                              std::map<std::string, std::int64_t> dims = {}) {
  static const char* const kNames[] = {"x", "y", "z", "w"};
  std::vector<std::string> params;
  for (std::size_t i = 0; i < inputs.size(); ++i)
    params.push_back(
        fmt::format("{}: {}", kNames[i], type_text(inputs[i].dtype(), inputs[i].shape())));
  const std::string source = fmt::format("{}\nfunc f({}) -> {} {{\n    {}\n    return r\n}}\n",
                                         prelude, fmt::join(params, ", "), result, body);
  return run_tfir(source, inputs, "f", std::move(dims));
}

/// The value of a successful result; a failure is a test failure (and an empty tensor).
inline Value ok_value(const Result<Value>& r) {
  EXPECT_TRUE(r.ok()) << error_text(r);
  return r.ok() ? *r : Value(Tensor());
}

/// The element codes of a simple-dtype tensor.
inline std::vector<std::uint64_t> codes(const Tensor& t) {
  std::vector<std::uint64_t> out;
  for (std::int64_t i = 0; i < t.size(); ++i) out.push_back(t.code(i));
  return out;
}

/// Every simple dtype (the pure data movers must move each bit-exactly).
inline std::vector<DType> simple_dtypes() {
  return {DType::f32(),    DType::f16(),    DType::bf16(),   DType::fp8e4m3(), DType::fp8e5m2(),
          DType::f8e8m0(), DType::f6e3m2(), DType::f6e2m3(), DType::f4e2m1(),  DType::i8(),
          DType::i32(),    DType::i64(),    DType::boolean()};
}

/// Distinct codes of `dtype` for `n` elements: element i holds a code derived from i that uses
/// the top bit of the width (sign and NaN patterns included), wrapped to the width (bool:
/// alternating 1, 0).
inline std::vector<std::uint64_t> pattern_codes(DType dtype, std::int64_t n) {
  const int bits = dtype.bit_width();
  std::vector<std::uint64_t> out;
  for (std::int64_t i = 0; i < n; ++i) {
    if (dtype.is_bool()) {
      out.push_back(i % 2 == 0 ? 1 : 0);
      continue;
    }
    const std::uint64_t mask = bits >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << bits) - 1;
    const std::uint64_t top = std::uint64_t{1} << (bits - 1);
    out.push_back(
        ((static_cast<std::uint64_t>(i) * 0x9E3779B97F4A7C15ull >> 7) | (i % 2 ? top : 0)) & mask);
  }
  return out;
}

}  // namespace tf::eval::testing
