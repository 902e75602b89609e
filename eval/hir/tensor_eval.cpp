// register_tensor_eval: every hir.tensor op's kernel (one per row of tensor_ops.def,
// tensor_eval_handlers.h) and hir.sharding's identities into the EvalHir table.
#include "eval/hir/op_eval.h"
#include "eval/hir/tensor_eval_handlers.h"
#include "ir/hir/sharding_ops.h"
#include "ir/hir/tensor_ops.h"

namespace tf::eval {

void register_tensor_eval(OpHandlers& handlers) {
  const OpRegistry& registry = handlers.registry();
#define TF_TENSOR_OP(Enumerator, snake, ...) \
  handlers.set<EvalHirHandler>(hir::tensor_op(hir::TensorOp::Enumerator, registry), &tensor_ops::eval_##snake);
#include "ir/hir/tensor_ops.def"

  for (hir::ShardingOp op : {hir::ShardingOp::Reshard, hir::ShardingOp::Local})
    handlers.set<EvalHirHandler>(hir::sharding_op(op, registry), &tensor_ops::eval_identity);
}

}  // namespace tf::eval
