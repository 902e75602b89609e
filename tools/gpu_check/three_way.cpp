#include "tools/gpu_check/three_way.h"

#include <fmt/format.h>

#include <cmath>

#include "eval/tir/exact_sum.h"
#include "eval/value/compare.h"
#include "eval/value/tensor_convert.h"

namespace tf::gpu_check {

namespace {

constexpr double kF32Unit = 0x1p-24;
constexpr double kChopUnit = 0x1p-23;
constexpr double kF64Unit = 0x1p-53;

Diagnostic usage(std::string message) {
  return category_error(DiagCategory::Usage, std::move(message));
}

double gamma(double r, double u) {
  return r * u / (1 - r * u);
}

// The bound of the design note for an element with exact sum `s` and term magnitude `t`.
double bound_of(const ErrorModel& m, std::int64_t n, double s, double t) {
  double b32 = m.order.kind == conformance::SumOrder::Kind::Exact
                   ? m.unit * std::fabs(s)
                   : gamma(static_cast<double>(conformance::roundings(m.order, n)), m.unit) * t;
  if (m.f64_unit > 0) b32 += gamma(static_cast<double>(n), m.f64_unit) * t * (1 + m.unit);
  return (b32 + m.output_unit * (std::fabs(s) + b32)) * (1 + 0x1p-40);
}

std::string unit_text(double u) {
  return fmt::format("2^{}", std::ilogb(u));
}

std::vector<double> as_f64(const eval::Tensor& t) {
  std::vector<double> v(static_cast<std::size_t>(t.size()));
  for (std::int64_t i = 0; i < t.size(); ++i) v[static_cast<std::size_t>(i)] = eval::element_f64(t, i);
  return v;
}

}  // namespace

std::string ErrorModel::text() const {
  std::string order_text;
  switch (order.kind) {
    case conformance::SumOrder::Kind::Exact:
      order_text = "exact";
      break;
    case conformance::SumOrder::Kind::Sequential:
      order_text = "sequential";
      break;
    case conformance::SumOrder::Kind::Pairwise:
      order_text = "pairwise";
      break;
    case conformance::SumOrder::Kind::Blocks:
      order_text = fmt::format("blocks={}", order.block);
      break;
  }
  std::string out = fmt::format("{}, u={}", order_text, unit_text(unit));
  if (f64_unit > 0) out += ", after an f64 sum";
  if (output_unit > 0) out += fmt::format(", then rounded to a {}-bit significand", -std::ilogb(output_unit));
  return out;
}

double output_unit(DType output) {
  if (output == DType::f32()) return 0;
  return std::ldexp(1.0, -(output.simple().mantissa_bits() + 1));  // p significant bits: unit 2^-p
}

ErrorModel evaluator_model(DType output) {
  return ErrorModel{"evaluator", {conformance::SumOrder::Kind::Exact, 1}, kF32Unit, kF64Unit, output_unit(output)};
}

ErrorModel emitted_model(bool on_device, DType output) {
  if (on_device)
    return ErrorModel{
        "emitted kernel", {conformance::SumOrder::Kind::Sequential, 1}, kChopUnit, 0, output_unit(output)};
  return ErrorModel{"emitted kernel", {conformance::SumOrder::Kind::Blocks, 16}, kF32Unit, 0, output_unit(output)};
}

ErrorModel cublas_model(DType output) {
  return ErrorModel{"cuBLAS", {conformance::SumOrder::Kind::Sequential, 1}, kChopUnit, 0, output_unit(output)};
}

std::vector<std::string> ThreeWayVerdict::outside() const {
  std::vector<std::string> names;
  for (const ImplementationVerdict& v : implementations)
    if (v.outside > 0) names.push_back(v.name);
  return names;
}

Result<ThreeWayVerdict> judge_implementations(const eval::Tensor& a, const eval::Tensor& b,
                                              std::span<const Candidate> candidates,
                                              std::span<const std::int64_t> elements) {
  if (a.rank() != 2 || b.rank() != 2 || a.shape()[1] != b.shape()[0])
    return usage(fmt::format("judge: a matmul of {} and {}", eval::shape_text(a.shape()), eval::shape_text(b.shape())));
  const std::int64_t m = a.shape()[0], k = a.shape()[1], n = b.shape()[1];
  const eval::Shape out_shape{m, n};
  for (const Candidate& c : candidates) {
    if (c.result == nullptr || c.result->shape() != out_shape)
      return usage(fmt::format("judge: the {} result is not {}", c.model.name, eval::shape_text(out_shape)));
    if (!c.result->dtype().is_float() || c.result->is_block_scaled())
      return usage(
          fmt::format("judge: the {} result is {}, not a float tensor", c.model.name, c.result->dtype().name()));
  }
  std::vector<std::int64_t> all;
  if (elements.empty()) {
    all.resize(static_cast<std::size_t>(m * n));
    for (std::int64_t i = 0; i < m * n; ++i) all[static_cast<std::size_t>(i)] = i;
    elements = all;
  }
  const std::vector<double> x = as_f64(a), y = as_f64(b);
  ThreeWayVerdict v;
  for (const Candidate& c : candidates) v.implementations.push_back({c.model.name, 0, 0, ""});
  for (std::int64_t e : elements) {
    if (e < 0 || e >= m * n)
      return usage(fmt::format("judge: element {} is outside {}", e, eval::shape_text(out_shape)));
    const std::int64_t i = e / n, j = e % n;
    eval::tir::ExactSum exact;
    double magnitude = 0;
    for (std::int64_t p = 0; p < k; ++p) {
      const double t = x[static_cast<std::size_t>(i * k + p)] * y[static_cast<std::size_t>(p * n + j)];
      exact.add(t);
      magnitude += std::fabs(t);
    }
    const double s = exact.to_double();
    for (std::size_t q = 0; q < candidates.size(); ++q) {
      const double computed = eval::element_f64(*candidates[q].result, e);
      eval::tir::ExactSum error = exact;
      error.add(-computed);
      const double err = std::fabs(error.to_double());
      const double bound = bound_of(candidates[q].model, k, s, magnitude);
      ImplementationVerdict& iv = v.implementations[q];
      iv.worst_ratio = std::max(iv.worst_ratio, bound > 0 ? err / bound : (err > 0 ? INFINITY : 0.0));
      if (!(err <= bound)) {  // NaN is outside too
        if (iv.outside == 0)
          iv.first = fmt::format("{}: {} {:g}, exact {:g}, |c - s| = {:g} above its bound {:g} ({})",
                                 eval::coordinates_text(out_shape, e), iv.name, computed, s, err, bound,
                                 candidates[q].model.text());
        ++iv.outside;
      }
    }
  }
  v.elements = static_cast<std::int64_t>(elements.size());
  return v;
}

}  // namespace tf::gpu_check
