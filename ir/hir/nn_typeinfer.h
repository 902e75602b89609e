// The typeinfer rules of hir.nn (stated in nn_ops.h), as the handler functions that
// register_hir_nn_ops stores. Each trusts its operands' stored types and returns the result
// type or the diagnostics of every violated rule. nn_typeinfer.cpp holds the pointwise ops, the
// normalisations and RoPE; matmul_typeinfer.cpp and conv2d_typeinfer.cpp the contractions.
#pragma once

#include <vector>

#include "ir/core/attr_value.h"
#include "ir/core/expr.h"
#include "ir/core/op.h"
#include "ir/support/result.h"

namespace tf::hir {

/// hir.nn.MatMul (no attributes).
Result<IRType> infer_matmul_type(Op op, const std::vector<Expr>& args);
/// hir.nn.Conv2D: attrs = {stride, padding, dilation, groups}.
Result<IRType> infer_conv2d_type(Op op, const std::vector<Expr>& args,
                                 const std::vector<AttrValue>& attrs);
/// hir.nn.ReLU (no attributes).
Result<IRType> infer_relu_type(Op op, const std::vector<Expr>& args);
/// hir.nn.Sigmoid and hir.nn.Tanh (no attributes).
Result<IRType> infer_sigmoid_tanh_type(Op op, const std::vector<Expr>& args);
/// hir.nn.SoftMax: attrs = {axis}.
Result<IRType> infer_softmax_type(Op op, const std::vector<Expr>& args,
                                  const std::vector<AttrValue>& attrs);
/// hir.nn.LayerNorm: attrs = {axis, eps}.
Result<IRType> infer_layer_norm_type(Op op, const std::vector<Expr>& args,
                                     const std::vector<AttrValue>& attrs);
/// hir.nn.Gelu: attrs = {approximate}.
Result<IRType> infer_gelu_type(Op op, const std::vector<Expr>& args,
                               const std::vector<AttrValue>& attrs);
/// hir.nn.Silu (no attributes).
Result<IRType> infer_silu_type(Op op, const std::vector<Expr>& args);
/// hir.nn.RMSNorm: attrs = {eps}.
Result<IRType> infer_rms_norm_type(Op op, const std::vector<Expr>& args,
                                   const std::vector<AttrValue>& attrs);
/// hir.nn.RoPE (no attributes).
Result<IRType> infer_rope_type(Op op, const std::vector<Expr>& args);

}  // namespace tf::hir
