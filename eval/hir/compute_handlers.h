// The EvalHirHandlers of the compute ops (op_eval.h contract), one file per concept:
//   reduce_eval.cpp   hir.tensor.Reduce (declared by tensor_eval_handlers.h)
//   matmul_eval.cpp   hir.nn.MatMul
//   conv2d_eval.cpp   hir.nn.Conv2D
//   norm_eval.cpp     hir.nn.SoftMax, hir.nn.LayerNorm, hir.nn.RMSNorm
//   rope_eval.cpp     hir.nn.RoPE
//   quant_eval.cpp    hir.tensor.Quant (declared by tensor_eval_handlers.h)
//   mma_eval.cpp      hir.cuda.nn.Mma_SM80_16x8x16, hir.cuda.nn.Wgmma_SM90_64x128x16
// register_compute_eval (compute_eval.cpp) puts them in the table. Each file's header comment
// states the op's value semantics, its accumulation order and its run-time errors; the
// project-wide summary is docs/hir-semantics.md.
#pragma once

#include "eval/hir/op_eval.h"

namespace tf::eval::compute {

/// hir.nn.MatMul (matmul_eval.cpp).
Result<Value> eval_matmul(const OpEvalArgs& a);
/// hir.nn.Conv2D (conv2d_eval.cpp).
Result<Value> eval_conv2d(const OpEvalArgs& a);
/// hir.nn.SoftMax (norm_eval.cpp).
Result<Value> eval_softmax(const OpEvalArgs& a);
/// hir.nn.LayerNorm (norm_eval.cpp).
Result<Value> eval_layer_norm(const OpEvalArgs& a);
/// hir.nn.RMSNorm (norm_eval.cpp).
Result<Value> eval_rms_norm(const OpEvalArgs& a);
/// hir.nn.RoPE (rope_eval.cpp).
Result<Value> eval_rope(const OpEvalArgs& a);
/// hir.cuda.nn.Mma_SM80_16x8x16 and hir.cuda.nn.Wgmma_SM90_64x128x16 (mma_eval.cpp).
Result<Value> eval_mma(const OpEvalArgs& a);

}  // namespace tf::eval::compute
