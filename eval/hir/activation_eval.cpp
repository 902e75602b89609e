// The elementwise activations of hir.nn: ReLU, Sigmoid, Tanh, Gelu, Silu (upstream's HIR catalogue,
// D6).
//
// ReLU is max(x, 0) (integers in int64; floats keep NaN and -0, as torch's clamp_min). The
// others are float-only and evaluate their formula in f64 from the exact f32 operand, rounded
// once to f32 and then once to the result dtype (scalar_math.h): sigmoid 1 / (1 + e^-x), tanh,
// gelu with approximate=tanh (the default, unlike torch) or none (erf), silu x / (1 + e^-x)
// fused. The formula's value is the value at the infinities too: gelu(-inf) and silu(-inf) are
// -inf * 0 = NaN, as torch's kernels compute.
#include "eval/hir/math_eval_handlers.h"
#include "ir/hir/nn_ops.h"

namespace tf::eval {

// Each activation is the Unary kind of the same name (unary_kinds.def), so HIR's nn op, HIR's
// Unary and TIR's Unary compute one function.
Result<Value> eval_relu(const OpEvalArgs& a) {
  return apply_unary_kind(UnaryKind::Relu, a.tensor(0), a.result_dtype());
}

Result<Value> eval_sigmoid(const OpEvalArgs& a) {
  return apply_unary_kind(UnaryKind::Sigmoid, a.tensor(0), a.result_dtype());
}

Result<Value> eval_tanh(const OpEvalArgs& a) {
  return apply_unary_kind(UnaryKind::Tanh, a.tensor(0), a.result_dtype());
}

Result<Value> eval_gelu(const OpEvalArgs& a) {
  return apply_unary_kind(gelu_unary_kind(enum_value<hir::GeluApproximation>(a.attr("approximate"))),
                          a.tensor(0), a.result_dtype());
}

Result<Value> eval_silu(const OpEvalArgs& a) {
  return apply_unary_kind(UnaryKind::Silu, a.tensor(0), a.result_dtype());
}

}  // namespace tf::eval
