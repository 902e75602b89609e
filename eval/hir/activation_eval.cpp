// The elementwise activations of hir.nn: ReLU, Sigmoid, Tanh, Gelu, Silu (upstream's HIR catalogue,
// D6).
//
// ReLU is max(x, 0) (integers in int64; floats keep NaN and -0, as torch's clamp_min). The
// others are float-only and evaluate their formula in f64 from the exact f32 operand, rounded
// once to f32 and then once to the result dtype (scalar_math.h): sigmoid 1 / (1 + e^-x), tanh,
// gelu with approximate=tanh (the default, unlike torch) or none (erf), silu x / (1 + e^-x)
// fused. The formula's value is the value at the infinities too: gelu(-inf) and silu(-inf) are
// -inf * 0 = NaN, as torch's kernels compute.
#include <cmath>

#include "eval/hir/elementwise.h"
#include "eval/hir/math_eval_handlers.h"
#include "eval/hir/scalar_math.h"
#include "eval/value/tensor_convert.h"
#include "ir/hir/nn_ops.h"

namespace tf::eval {
namespace {

// out[i] = fn(x[i]) evaluated in f64, rounded once to f32, then once to `dtype`.
template <typename Fn>
Result<Value> map_via_f64(const Tensor& x, DType dtype, Fn fn) {
  const F32Span in(x);
  F32Result r(dtype, x.shape());
  float* o = r.data();
  for (std::int64_t i = 0; i < in.size(); ++i) o[i] = f32_of(fn(static_cast<double>(in[i])));
  Result<Tensor> t = std::move(r).finish();
  TF_TRY(t);
  return Value(std::move(t).value());
}

}  // namespace

Result<Value> eval_relu(const OpEvalArgs& a) {
  const Tensor& x = a.tensor(0);
  const DType d = a.result_dtype();
  if (x.dtype().is_integer() || x.dtype().is_bool()) {
    const I64Span in(x);
    I64Result r(d, x.shape());
    for (std::int64_t i = 0; i < in.size(); ++i) r.data()[i] = in.data()[i] < 0 ? 0 : in.data()[i];
    return Value(std::move(r).finish());
  }
  const F32Span in(x);
  F32Result r(d, x.shape());
  for (std::int64_t i = 0; i < in.size(); ++i) r.data()[i] = relu_f32(in[i]);
  Result<Tensor> t = std::move(r).finish();
  TF_TRY(t);
  return Value(std::move(t).value());
}

Result<Value> eval_sigmoid(const OpEvalArgs& a) {
  return map_via_f64(a.tensor(0), a.result_dtype(), &sigmoid_f64);
}

Result<Value> eval_tanh(const OpEvalArgs& a) {
  return map_via_f64(a.tensor(0), a.result_dtype(), [](double v) { return std::tanh(v); });
}

Result<Value> eval_gelu(const OpEvalArgs& a) {
  switch (enum_value<hir::GeluApproximation>(a.attr("approximate"))) {
    case hir::GeluApproximation::None:
      return map_via_f64(a.tensor(0), a.result_dtype(), &gelu_erf_f64);
    case hir::GeluApproximation::Tanh:
      return map_via_f64(a.tensor(0), a.result_dtype(), &gelu_tanh_f64);
  }
  TF_UNREACHABLE("bad GeluApproximation");
}

Result<Value> eval_silu(const OpEvalArgs& a) {
  return map_via_f64(a.tensor(0), a.result_dtype(), &silu_f64);
}

}  // namespace tf::eval
