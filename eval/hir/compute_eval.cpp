// register_compute_eval: the compute ops' handlers (compute_handlers.h) in the eval table.
#include "eval/hir/compute_handlers.h"
#include "eval/hir/op_eval.h"
#include "ir/hir/cuda_nn_ops.h"
#include "ir/hir/nn_ops.h"
#include "ir/hir/tensor_ops.h"

namespace tf::eval {

void register_compute_eval(OpHandlers& handlers) {
  const OpRegistry& registry = handlers.registry();
  auto set = [&](Op op, EvalHirHandler::Fn fn) { handlers.set<EvalHirHandler>(op, fn); };
  set(hir::nn_op(hir::NnOp::MatMul, registry), &compute::eval_matmul);
  set(hir::nn_op(hir::NnOp::Conv2D, registry), &compute::eval_conv2d);
  set(hir::nn_op(hir::NnOp::SoftMax, registry), &compute::eval_softmax);
  set(hir::nn_op(hir::NnOp::LayerNorm, registry), &compute::eval_layer_norm);
  set(hir::nn_op(hir::NnOp::RMSNorm, registry), &compute::eval_rms_norm);
  set(hir::nn_op(hir::NnOp::RoPE, registry), &compute::eval_rope);
  set(hir::cuda_nn_op(hir::CudaNnOp::MmaSm80_16x8x16, registry), &compute::eval_mma);
  set(hir::cuda_nn_op(hir::CudaNnOp::WgmmaSm90_64x128x16, registry), &compute::eval_mma);
}

}  // namespace tf::eval
