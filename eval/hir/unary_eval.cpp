// hir.math.Unary, Clamp and Softplus (upstream's HIR catalogue, D6; the scalar rules are
// scalar_math.h).
//
// Unary on floats: neg / abs flip / clear the sign bit (NaN included), relu is max(x, 0) with
// NaN kept and -0 kept (torch's clamp_min), square is x * x in f32, ceil rounds toward +inf,
// round is half-to-even, rsqrt / exp / log / exp2 / log2 and the activations (sigmoid tanh
// gelu_tanh gelu_erf silu softplus; activation_eval.cpp) evaluate in f64 and round once
// (rsqrt(0) = +inf, log(0) = -inf, log(-1) = NaN); so does sqrt, which makes it IEEE's correctly
// rounded square root (sqrt(-0) = -0, sqrt(-1) = NaN). On integers (neg abs relu square) the
// arithmetic is int64 wrapping to the width: neg and abs of the minimum stay the minimum.
// not flips a bool. Clamp is min(max(x, lo), hi) on the exact values (so lo > hi gives hi and
// a NaN x or bound gives NaN), rounded once to x's dtype: an integer x takes a bound through
// the default integer conversion (toward zero, saturating; NaN -> 0).
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "eval/hir/elementwise.h"
#include "eval/hir/math_eval_handlers.h"
#include "eval/hir/scalar_math.h"
#include "ir/numerics/convert.h"
#include "eval/value/tensor_convert.h"
#include "ir/core/math_kinds.h"
#include "ir/core/kind_attrs.h"

namespace tf::eval {
namespace {


// out[i] = f(x[i]) in f32, rounded once to `dtype`.
template <typename F>
Result<Value> map_f32(const Tensor& x, DType dtype, F f) {
  const F32Span in(x);
  F32Result r(dtype, x.shape());
  float* o = r.data();
  const float* p = in.data();
  for (std::int64_t i = 0; i < in.size(); ++i) o[i] = f(p[i]);
  Result<Tensor> t = std::move(r).finish();
  TF_TRY(t);
  return Value(std::move(t).value());
}

// out[i] = f(x[i]) in int64, wrapped to `dtype`.
template <typename F>
Value map_i64(const Tensor& x, DType dtype, F f) {
  const I64Span in(x);
  I64Result r(dtype, x.shape());
  std::int64_t* o = r.data();
  const std::int64_t* p = in.data();
  for (std::int64_t i = 0; i < in.size(); ++i) o[i] = f(p[i]);
  return std::move(r).finish();
}

Result<Value> float_unary(UnaryKind k, const Tensor& x, DType dtype) {
  switch (k) {
    case UnaryKind::Neg:
      return map_f32(x, dtype, [](float v) { return -v; });
    case UnaryKind::Abs:
      return map_f32(x, dtype, [](float v) { return std::fabs(v); });
    case UnaryKind::Relu:
      return map_f32(x, dtype, &relu_f32);
    case UnaryKind::Square:
      return map_f32(x, dtype, [](float v) { return v * v; });
    case UnaryKind::Rsqrt:
      return map_f32(x, dtype, &rsqrt_f32);
    case UnaryKind::Exp:
      return map_f32(x, dtype, &exp_f32);
    case UnaryKind::Log:
      return map_f32(x, dtype, &log_f32);
    case UnaryKind::Exp2:
      return map_f32(x, dtype, &exp2_f32);
    case UnaryKind::Log2:
      return map_f32(x, dtype, &log2_f32);
    case UnaryKind::Ceil:
      return map_f32(x, dtype, [](float v) { return std::ceil(v); });
    case UnaryKind::Round:
      return map_f32(x, dtype, &round_half_even);
    case UnaryKind::Sqrt:  // f64 then one rounding: exact, as f64 carries twice f32's bits plus 2
      return map_f32(x, dtype, [](float v) { return f32_of(std::sqrt(static_cast<double>(v))); });
    case UnaryKind::Sigmoid:
      return map_f32(x, dtype, [](float v) { return f32_of(sigmoid_f64(v)); });
    case UnaryKind::Tanh:
      return map_f32(x, dtype, [](float v) { return f32_of(std::tanh(static_cast<double>(v))); });
    case UnaryKind::GeluTanh:
      return map_f32(x, dtype, [](float v) { return f32_of(gelu_tanh_f64(v)); });
    case UnaryKind::GeluErf:
      return map_f32(x, dtype, [](float v) { return f32_of(gelu_erf_f64(v)); });
    case UnaryKind::Silu:
      return map_f32(x, dtype, [](float v) { return f32_of(silu_f64(v)); });
    case UnaryKind::Softplus:
      return map_f32(x, dtype, &softplus_f32);
    case UnaryKind::Not:
    case UnaryKind::Cast:
      break;
  }
  return eval_error(fmt::format("kind {} is not defined on {} operands", unary_kind_name(k),
                                x.dtype().name()));
}

Result<Value> int_unary(UnaryKind k, const Tensor& x, DType dtype) {
  using I = std::int64_t;
  switch (k) {
    case UnaryKind::Neg:
      return map_i64(x, dtype, &wrap_neg);
    case UnaryKind::Abs:
      return map_i64(x, dtype, [](I v) { return v < 0 ? wrap_neg(v) : v; });
    case UnaryKind::Relu:
      return map_i64(x, dtype, [](I v) { return v < 0 ? I{0} : v; });
    case UnaryKind::Square:
      return map_i64(x, dtype, [](I v) { return wrap_mul(v, v); });
    case UnaryKind::Not:
      return map_i64(x, dtype, [](I v) { return I{v == 0}; });
    case UnaryKind::Rsqrt:
    case UnaryKind::Cast:
    case UnaryKind::Exp:
    case UnaryKind::Log:
    case UnaryKind::Ceil:
    case UnaryKind::Round:
    case UnaryKind::Exp2:
    case UnaryKind::Log2:
    case UnaryKind::Sqrt:
    case UnaryKind::Sigmoid:
    case UnaryKind::Tanh:
    case UnaryKind::GeluTanh:
    case UnaryKind::GeluErf:
    case UnaryKind::Silu:
    case UnaryKind::Softplus:
      break;
  }
  return eval_error(fmt::format("kind {} is not defined on {} operands", unary_kind_name(k),
                                x.dtype().name()));
}

double float_attr(const OpEvalArgs& a, std::string_view name) {
  const double* v = std::get_if<double>(&a.attr(name));
  TF_CHECK(v != nullptr, "{}: attribute {} is not a float", a.call.op.name(), name);
  return *v;
}

// The integer of a bound under the default integer conversion of `dtype` (toward zero,
// saturating to the dtype's range, NaN -> 0).
std::int64_t int_bound(double v, DType dtype) {
  const std::uint64_t code = numerics::encode_f64(v, dtype, numerics::default_cast_mode(dtype));
  const int bits = dtype.is_bool() ? 64 : dtype.bit_width();
  if (bits >= 64) return static_cast<std::int64_t>(code);
  const std::uint64_t sign = std::uint64_t{1} << (bits - 1);
  return static_cast<std::int64_t>((code ^ sign) - sign);
}

// x < v and x > v for an int64 x and a double v that is not NaN, exactly (x is not rounded).
bool int_below(std::int64_t x, double v) {
  if (v >= 0x1p63) return true;
  if (v < -0x1p63) return false;
  return x < static_cast<std::int64_t>(std::ceil(v));
}
bool int_above(std::int64_t x, double v) {
  if (v >= 0x1p63) return false;
  if (v < -0x1p63) return true;
  return x > static_cast<std::int64_t>(std::floor(v));
}

// min(max(x, lo), hi) for an integer x: the exact value, then converted to the dtype.
Value int_clamp(const Tensor& x, DType dtype, double lo, double hi) {
  if (std::isnan(lo) || std::isnan(hi)) {
    const std::int64_t at_nan = int_bound(std::numeric_limits<double>::quiet_NaN(), dtype);
    return map_i64(x, dtype, [&](std::int64_t) { return at_nan; });
  }
  const std::int64_t at_lo = int_bound(std::fmin(lo, hi), dtype);  // x < lo: min(lo, hi)
  const std::int64_t at_hi = int_bound(hi, dtype);
  return map_i64(x, dtype, [&](std::int64_t v) -> std::int64_t {
    if (int_below(v, lo)) return at_lo;
    if (int_above(v, hi)) return at_hi;
    return v;
  });
}

}  // namespace

Result<Value> apply_unary_kind(UnaryKind k, const Tensor& x, DType dtype) {
  if (x.dtype().is_integer() || x.dtype().is_bool()) return int_unary(k, x, dtype);
  return float_unary(k, x, dtype);
}

Result<Value> eval_unary(const OpEvalArgs& a) {
  return apply_unary_kind(unary_kind_of(a.call), a.tensor(0), a.result_dtype());
}

Result<Value> eval_clamp(const OpEvalArgs& a) {
  const double lo = float_attr(a, "min_val");
  const double hi = float_attr(a, "max_val");
  const Tensor& x = a.tensor(0);
  if (x.dtype().is_integer() || x.dtype().is_bool()) return int_clamp(x, a.result_dtype(), lo, hi);
  // In f64 (exact for every x and bound), NaN-propagating, then rounded once.
  const F32Span in(x);
  const DType d = a.result_dtype();
  auto clamp = [&](float v) { return nan_min(nan_max(static_cast<double>(v), lo), hi); };
  if (d == DType::f32() || !d.is_simple())
    return map_f32(x, d, [&](float v) { return f32_of(clamp(v)); });
  Tensor t = Tensor::make_uninitialized(d, x.shape());
  if (element_bytes(d) == 0) std::fill(t.mutable_bytes().begin(), t.mutable_bytes().end(), 0);
  const numerics::CastMode mode = numerics::default_cast_mode(d);
  for (std::int64_t i = 0; i < in.size(); ++i)
    t.set_code(i, numerics::encode_f64(clamp(in[i]), d, mode));
  return Value(std::move(t));
}

Result<Value> eval_softplus(const OpEvalArgs& a) {
  return apply_unary_kind(UnaryKind::Softplus, a.tensor(0), a.result_dtype());
}

}  // namespace tf::eval
