#include "eval/hir/test/eval_testing.h"

#include <fmt/format.h>

#include <cmath>

#include "eval/hir/eval_tables.h"
#include "ir/numerics/convert.h"
#include "ir/text/file_reader.h"
#include "ir/verify/module_verify.h"

namespace tf::eval::testing {

const OpHandlers& eval_handlers() { return eval_context().handlers(); }

Result<Value> run_tfir(std::string_view source, std::vector<Tensor> inputs, std::string fn,
                       std::map<std::string, std::int64_t> dims,
                       std::function<void(const Call&)> on_op, std::int64_t max_steps) {
  std::string whole(source);
  if (whole.find("tfir 1") == std::string::npos) whole = "tfir 1\n" + whole;
  Result<text::ReadFile> f = text::read_file(whole, "test.tfir", eval_context());
  TF_TRY(f);
  std::vector<Diagnostic> ds = verify_module(*f->module, eval_handlers());
  if (has_error(ds)) return ds;
  const hir::Function* target = nullptr;
  for (const FunctionRef& g : f->module->functions()) {
    if (g->kind() != FunctionKind::Hir) continue;
    const auto& h = static_cast<const hir::Function&>(*g);
    if (fn.empty() ? !h.is_variant() : h.name() == fn) target = &h;
  }
  if (target == nullptr) return category_error(DiagCategory::Usage, fmt::format("no func {}", fn));
  std::vector<Value> values;
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    if (i >= target->params().size()) {
      values.emplace_back(inputs[i]);
      continue;
    }
    Result<Tensor> t = convert_input(inputs[i], *target->params()[i]);
    TF_TRY(t);
    values.emplace_back(*t);
  }
  HirEvalOptions eo;
  eo.handlers = &eval_handlers();
  eo.dims = std::move(dims);
  eo.on_op = std::move(on_op);
  eo.limits.max_steps = max_steps;
  return evaluate_function(*f->module, *target, std::move(values), eo);
}

Tensor tensor_of(DType dtype, Shape shape, const std::vector<double>& values) {
  Tensor t = Tensor::make(dtype, std::move(shape));
  TF_CHECK(static_cast<std::int64_t>(values.size()) == t.size(), "tensor_of: {} values for {} elements",
           values.size(), t.size());
  for (std::int64_t i = 0; i < t.size(); ++i) {
    double v = values[i];
    if (dtype.is_integer()) {
      TF_CHECK(v == std::trunc(v), "tensor_of: {} is not an integer", v);
      t.set_code(i, static_cast<std::uint64_t>(static_cast<std::int64_t>(v)));
    } else {
      t.set_code(i, numerics::encode_f64(v, dtype, numerics::default_cast_mode(dtype)));
    }
  }
  return t;
}

Tensor f32(Shape shape, const std::vector<double>& values) { return tensor_of(DType::f32(), std::move(shape), values); }
Tensor i32(Shape shape, const std::vector<double>& values) { return tensor_of(DType::i32(), std::move(shape), values); }
Tensor i64(Shape shape, const std::vector<double>& values) { return tensor_of(DType::i64(), std::move(shape), values); }
Tensor boolean(Shape shape, const std::vector<double>& values) { return tensor_of(DType::boolean(), std::move(shape), values); }

std::string type_text(DType dtype, const Shape& shape) {
  return fmt::format("Tensor[{}, {}]", shape_text(shape), dtype.name());
}

std::string error_text(const Result<Value>& r) {
  return r.ok() ? std::string("(no error)") : r.diagnostics().front().render();
}

Tensor codes_of(DType dtype, Shape shape, const std::vector<std::uint64_t>& codes) {
  Tensor t = Tensor::make(dtype, std::move(shape));
  EXPECT_EQ(static_cast<std::int64_t>(codes.size()), t.size());
  for (std::int64_t i = 0; i < t.size() && i < static_cast<std::int64_t>(codes.size()); ++i)
    t.set_code(i, codes[i]);
  return t;
}

std::vector<double> values_of(const Tensor& t) {
  std::vector<double> out;
  for (std::int64_t i = 0; i < t.size(); ++i) out.push_back(element_f64(t, i));
  return out;
}

namespace {

bool same_code(const Tensor& a, const Tensor& b, std::int64_t i) {
  DType d = a.dtype();
  if (numerics::is_nan_code(a.code(i), d) && numerics::is_nan_code(b.code(i), d)) return true;
  return a.code(i) == b.code(i);
}

std::string describe(const Tensor& t) {
  std::vector<std::string> vals;
  for (std::int64_t i = 0; i < t.size() && i < 64; ++i)
    vals.push_back(fmt::format("{}", element_f64(t, i)));
  return fmt::format("Tensor[{}, {}]{{{}}}", shape_text(t.shape()), t.dtype().name(),
                     fmt::join(vals, ", "));
}

}  // namespace

::testing::AssertionResult same_tensor(const Tensor& actual, const Tensor& expected) {
  bool same = actual.dtype() == expected.dtype() && actual.shape() == expected.shape();
  if (same && actual.is_block_scaled()) {
    same = same_bits(actual, expected);
  } else if (same) {
    for (std::int64_t i = 0; i < actual.size() && same; ++i) same = same_code(actual, expected, i);
  }
  if (same) return ::testing::AssertionSuccess();
  if (actual.is_block_scaled() || expected.is_block_scaled())
    return ::testing::AssertionFailure() << "block-scaled tensors differ";
  return ::testing::AssertionFailure() << "actual   " << describe(actual) << "\nexpected "
                                       << describe(expected);
}

}  // namespace tf::eval::testing
