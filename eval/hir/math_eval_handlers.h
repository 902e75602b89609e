// The eval handlers of the elementwise family (register_math_eval in math_eval.cpp installs
// them). Each follows op_eval.h's contract; the value rules of each op are at its definition.
#pragma once

#include "eval/hir/op_eval.h"
#include "ir/core/math_kinds.h"

namespace tf::eval {

/// hir.math.Binary (binary_eval.cpp).
Result<Value> eval_binary(const OpEvalArgs& a);

/// The Unary kind `k` of every element of `x`, rounded to `dtype` (unary_eval.cpp); an eval error
/// when `k` is not defined on x's dtype.
Result<Value> apply_unary_kind(UnaryKind k, const Tensor& x, DType dtype);

/// hir.math.Unary, hir.math.Clamp, hir.math.Softplus (unary_eval.cpp).
Result<Value> eval_unary(const OpEvalArgs& a);
Result<Value> eval_clamp(const OpEvalArgs& a);
Result<Value> eval_softplus(const OpEvalArgs& a);

/// hir.nn.ReLU, Sigmoid, Tanh, Gelu, Silu (activation_eval.cpp).
Result<Value> eval_relu(const OpEvalArgs& a);
Result<Value> eval_sigmoid(const OpEvalArgs& a);
Result<Value> eval_tanh(const OpEvalArgs& a);
Result<Value> eval_gelu(const OpEvalArgs& a);
Result<Value> eval_silu(const OpEvalArgs& a);

}  // namespace tf::eval
