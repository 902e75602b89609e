// Helpers of the elementwise-family tests: a one-op tfir program over operand tensors and exact
// int64 tensors.
#pragma once

#include <fmt/format.h>

#include <cstdint>
#include <string>
#include <vector>

#include "eval/hir/test/eval_testing.h"

namespace tf::eval::testing {

/// Evaluates `func f(x, y, z...) -> Tensor[result_shape, result_dtype] { r = <expr> return r }`
/// with one parameter per input, typed like the input (x, y, z, w in order).
inline Result<Value> run_expr(const std::string& expr, const std::vector<Tensor>& inputs,
                              DType result_dtype, const Shape& result_shape) {
  static const char* const kNames[] = {"x", "y", "z", "w"};
  std::vector<std::string> params;
  for (std::size_t i = 0; i < inputs.size(); ++i)
    params.push_back(
        fmt::format("{}: {}", kNames[i], type_text(inputs[i].dtype(), inputs[i].shape())));
  const std::string source =
      fmt::format("func f({}) -> {} {{\n    r = {}\n    return r\n}}\n", fmt::join(params, ", "),
                  type_text(result_dtype, result_shape), expr);
  return run_tfir(source, inputs);
}

/// The tensor run_expr returns; a failure is a test failure (and an empty f32 tensor).
inline Tensor eval_expr(const std::string& expr, const std::vector<Tensor>& inputs,
                        DType result_dtype, const Shape& result_shape) {
  Result<Value> r = run_expr(expr, inputs, result_dtype, result_shape);
  if (!r.ok()) {
    ADD_FAILURE() << expr << ": " << error_text(r);
    return Tensor();
  }
  return r->tensor();
}

/// eval_expr with the result typed like the first input.
inline Tensor eval_like(const std::string& expr, const std::vector<Tensor>& inputs) {
  return eval_expr(expr, inputs, inputs.front().dtype(), inputs.front().shape());
}

/// An integer tensor from exact int64 values (beyond 2^53 too), wrapped to `dtype`.
inline Tensor ints(DType dtype, Shape shape, const std::vector<std::int64_t>& values) {
  return from_i64(dtype, std::move(shape), values);
}

}  // namespace tf::eval::testing
