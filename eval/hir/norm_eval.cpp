// hir.nn.SoftMax, hir.nn.LayerNorm, hir.nn.RMSNorm: the normalisations.
//
// Precision model shared by the three (docs/decisions.md D6, docs/hir-semantics.md): x, weight and
// bias are read as f32 (narrow floats widen exactly); every elementwise step is one f32 operation
// (rounded, never contracted: -ffp-contract=off); the statistics (sums, sums of squares) accumulate
// in f64 in index order and round once to f32; the final value rounds once from f32 to the result
// dtype. exp is Unary exp's (exp_f32: f64 exp rounded once to f32; one definition of each
// operation, so a softmax written as reduce / sub / exp / reduce / div, as the lowering writes it,
// gives the same bits), sqrt the correctly rounded std::sqrt; transcendental results are compared
// with a tolerance against decimal references in tests.
//  - SoftMax over `axis`: m = max of the slice (NaN if any element is NaN); e_i = exp(x_i - m);
//    s = f32(sum of e_i in f64); y_i = e_i / s. A slice that is all -inf, or that holds +inf,
//    gives NaN (as torch).
//  - LayerNorm over x.shape[axis:] (n elements): mean = f32(sum(x) / n); d_i = x_i - mean;
//    var = f32(sum(d_i^2) / n) (biased; the squares are exact in f64); rstd = 1 / sqrt(var +
//    f32(eps)); y_i = ((d_i * rstd) * w_i) + b_i.
//  - RMSNorm over the last axis: ms = f32(sum(x_i^2) / n); r = 1 / sqrt(ms + f32(eps));
//    y_i = (x_i * r) * w_i (the weight multiplied in f32, unlike HF Llama).
// Run-time errors: a weight / bias whose element count is not the normalised extent (a
// symbolic extent typeinfer could not compare).
#include <cmath>
#include <fmt/format.h>
#include <limits>

#include "eval/hir/compute_handlers.h"
#include "eval/hir/compute_values.h"
#include "eval/hir/scalar_math.h"

namespace tf::eval::compute {
namespace {

std::int64_t product(const Shape& shape, std::size_t from, std::size_t to) {
  std::int64_t p = 1;
  for (std::size_t d = from; d < to; ++d) p *= shape[d];
  return p;
}

Result<Value> finish(const OpEvalArgs& a, const Tensor& x, const std::vector<float>& out) {
  Result<Tensor> t = round_to(a.result_dtype(), x.shape(), std::span<const float>(out));
  TF_TRY(t);
  return Value(std::move(t).value());
}

// An eval error when `t` does not hold the `n` elements of the normalised extent.
std::optional<Diagnostic> count_error(const char* what, const Tensor& t, std::int64_t n) {
  if (t.size() == n) return std::nullopt;
  return eval_error(fmt::format("{} has {} elements (shape {}); the normalised extent is {}", what,
                                t.size(), shape_text(t.shape()), n));
}

}  // namespace

Result<Value> eval_softmax(const OpEvalArgs& a) {
  const Tensor& x = a.tensor(0);
  const std::optional<int> axis = normalize_axis(int_attr(a, "axis"), x.rank());
  TF_CHECK(axis.has_value(), "softmax: axis outside rank {} (typeinfer)", x.rank());
  const std::int64_t outer = product(x.shape(), 0, *axis);
  const std::int64_t len = x.shape()[*axis];
  const std::int64_t inner = product(x.shape(), *axis + 1, x.shape().size());
  const F32Span xs(x);
  std::vector<float> out(static_cast<std::size_t>(x.size()));
  for (std::int64_t o = 0; o < outer; ++o)
    for (std::int64_t in = 0; in < inner; ++in) {
      const std::int64_t base = o * len * inner + in;
      float m = -std::numeric_limits<float>::infinity();
      for (std::int64_t i = 0; i < len; ++i) {
        const float v = xs[base + i * inner];
        if (std::isnan(v) || v > m) m = v;
        if (std::isnan(m)) break;
      }
      double sum = 0.0;
      for (std::int64_t i = 0; i < len; ++i) {
        const std::int64_t at = base + i * inner;
        out[at] = exp_f32(xs[at] - m);
        sum += static_cast<double>(out[at]);
      }
      const float s = static_cast<float>(sum);
      for (std::int64_t i = 0; i < len; ++i) out[base + i * inner] /= s;
    }
  return finish(a, x, out);
}

Result<Value> eval_layer_norm(const OpEvalArgs& a) {
  const Tensor& x = a.tensor(0);
  const std::optional<int> axis = normalize_axis(int_attr(a, "axis"), x.rank());
  TF_CHECK(axis.has_value(), "layer_norm: axis outside rank {} (typeinfer)", x.rank());
  const std::int64_t rows = product(x.shape(), 0, *axis);
  const std::int64_t n = product(x.shape(), *axis, x.shape().size());
  if (std::optional<Diagnostic> e = count_error("weight", a.tensor(1), n)) return *e;
  if (std::optional<Diagnostic> e = count_error("bias", a.tensor(2), n)) return *e;
  const float eps = static_cast<float>(float_attr(a, "eps"));
  const F32Span xs(x), w(a.tensor(1)), b(a.tensor(2));
  std::vector<float> out(static_cast<std::size_t>(x.size()));
  for (std::int64_t r = 0; r < rows; ++r) {
    const float* row = xs.data() + r * n;
    float* y = out.data() + r * n;
    double sum = 0.0;
    for (std::int64_t i = 0; i < n; ++i) sum += static_cast<double>(row[i]);
    const float mean = static_cast<float>(sum / static_cast<double>(n));
    double squares = 0.0;
    for (std::int64_t i = 0; i < n; ++i) {
      y[i] = row[i] - mean;
      squares += static_cast<double>(y[i]) * static_cast<double>(y[i]);
    }
    const float var = static_cast<float>(squares / static_cast<double>(n));
    const float rstd = 1.0f / std::sqrt(var + eps);
    for (std::int64_t i = 0; i < n; ++i) y[i] = ((y[i] * rstd) * w[i]) + b[i];
  }
  return finish(a, x, out);
}

Result<Value> eval_rms_norm(const OpEvalArgs& a) {
  const Tensor& x = a.tensor(0);
  TF_CHECK(x.rank() >= 1, "rms_norm: x of rank 0 (typeinfer)");
  const std::int64_t n = x.shape().back();
  const std::int64_t rows = n == 0 ? 0 : x.size() / n;
  if (std::optional<Diagnostic> e = count_error("weight", a.tensor(1), n)) return *e;
  const float eps = static_cast<float>(float_attr(a, "eps"));
  const F32Span xs(x), w(a.tensor(1));
  std::vector<float> out(static_cast<std::size_t>(x.size()));
  for (std::int64_t r = 0; r < rows; ++r) {
    const float* row = xs.data() + r * n;
    double squares = 0.0;
    for (std::int64_t i = 0; i < n; ++i)
      squares += static_cast<double>(row[i]) * static_cast<double>(row[i]);
    const float ms = static_cast<float>(squares / static_cast<double>(n));
    const float rinv = 1.0f / std::sqrt(ms + eps);
    for (std::int64_t i = 0; i < n; ++i) out[r * n + i] = (row[i] * rinv) * w[i];
  }
  return finish(a, x, out);
}

}  // namespace tf::eval::compute
