// Test helpers for the HIR evaluator: read a tfir program, evaluate a function on tensors built
// from short literals, and compare results exactly.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "eval/hir/evaluator.h"
#include "ir/core/call.h"
#include "eval/value/tensor_convert.h"
#include "ir/support/result.h"

namespace tf::eval::testing {

/// The op tables every test evaluates with: every op family and every eval handler.
const OpHandlers& eval_handlers();

/// Reads `source` (a whole tfir file, `tfir 1` header optional) with eval_handlers(), verifies
/// it, and evaluates function `fn` (empty: the last function of the file) on `inputs`, each
/// converted to its parameter's dtype (convert_input). Read / verify diagnostics are returned
/// as the failure too. `dims` are the user's DimVar values.
/// `on_op` (may be empty) is called once per evaluated op Call (HirEvalOptions::on_op);
/// `max_steps` is HirEvalOptions::max_steps (0: the default).
Result<Value> run_tfir(std::string_view source, std::vector<Tensor> inputs, std::string fn = {},
                       std::map<std::string, std::int64_t> dims = {},
                       std::function<void(const Call&)> on_op = {}, std::int64_t max_steps = 0);

/// A tensor of `dtype` and `shape` from doubles (each rounded once with the dtype's default
/// mode; integers must be exact) — `f32({2, 2}, {1, 2, 3, 4})`.
Tensor tensor_of(DType dtype, Shape shape, const std::vector<double>& values);
Tensor f32(Shape shape, const std::vector<double>& values);
Tensor i32(Shape shape, const std::vector<double>& values);
Tensor i64(Shape shape, const std::vector<double>& values);
Tensor boolean(Shape shape, const std::vector<double>& values);

/// "Tensor[(2, 3), f32]".
std::string type_text(DType dtype, const Shape& shape);

/// The first diagnostic of a failed result, rendered ("(no error)" for a success).
std::string error_text(const Result<Value>& r);

/// A tensor of the simple `dtype` and `shape` whose element codes are `codes` (one per element).
Tensor codes_of(DType dtype, Shape shape, const std::vector<std::uint64_t>& codes);

/// The values of `t` as doubles (exact for every dtype of at most 32 bits).
std::vector<double> values_of(const Tensor& t);

/// gtest assertion: `actual` has dtype, shape and values of `expected` bit for bit (NaN equal to
/// NaN as a class), with a message listing both on failure.
::testing::AssertionResult same_tensor(const Tensor& actual, const Tensor& expected);

/// Whether `r` failed with a diagnostic of `category` whose message contains `text`.
inline ::testing::AssertionResult fails_with(const Result<Value>& r, DiagCategory category,
                                             const std::string& text) {
  if (r.ok()) return ::testing::AssertionFailure() << "expected an error containing '" << text << "'";
  const Diagnostic& d = r.diagnostics().front();
  if (d.category != category || d.message.find(text) == std::string::npos)
    return ::testing::AssertionFailure() << "expected '" << text << "', got " << d.render();
  return ::testing::AssertionSuccess();
}

}  // namespace tf::eval::testing

/// EXPECT_FAILS_WITH(result, category, fragment): a failure whose first diagnostic has the
/// category and contains the fragment (fails_with), reported at the caller's line.
#define EXPECT_FAILS_WITH(result, category, fragment) \
  EXPECT_TRUE(::tf::eval::testing::fails_with((result), (category), (fragment)))
/// EXPECT_EVAL_ERROR(result, fragment): EXPECT_FAILS_WITH of an eval error.
#define EXPECT_EVAL_ERROR(result, fragment) \
  EXPECT_FAILS_WITH((result), ::tf::DiagCategory::Eval, (fragment))
