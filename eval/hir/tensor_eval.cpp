// register_tensor_eval: the shape and index ops' handlers (tensor_eval_handlers.h) into the
// EvalHir table. Cast, FullLike, Where, Reduce and Quant are other families' (op_eval.h).
#include <string_view>
#include <utility>

#include "eval/hir/op_eval.h"
#include "eval/hir/tensor_eval_handlers.h"
#include "ir/hir/sharding_ops.h"
#include "ir/hir/tensor_ops.h"

namespace tf::eval {

void register_tensor_eval(OpHandlers& handlers) {
  using hir::TensorOp;
  using namespace tensor_ops;  // NOLINT: the handlers of this family
  const OpRegistry& registry = handlers.registry();
  const std::pair<TensorOp, EvalHirHandler::Fn> tensor_handlers[] = {
      {TensorOp::Arange, &eval_arange},
      {TensorOp::ArgMax, &eval_arg_max},
      {TensorOp::CacheUpdate, &eval_cache_update},
      {TensorOp::Concat, &eval_concat},
      {TensorOp::IndexAdd, &eval_index_add},
      {TensorOp::IndexCopy, &eval_index_copy},
      {TensorOp::IndexSelect, &eval_index_select},
      {TensorOp::InsertSlice, &eval_insert_slice},
      {TensorOp::Rank, &eval_rank},
      {TensorOp::RepeatInterleave, &eval_repeat_interleave},
      {TensorOp::Reshape, &eval_reshape},
      {TensorOp::ShapeOf, &eval_shape_of},
      {TensorOp::Slice, &eval_slice},
      {TensorOp::Split, &eval_split},
      {TensorOp::Stack, &eval_stack},
      {TensorOp::TopK, &eval_top_k},
      {TensorOp::Transpose, &eval_transpose},
      {TensorOp::Zeros, &eval_zeros},
  };
  for (const auto& [op, fn] : tensor_handlers)
    handlers.set<EvalHirHandler>(hir::tensor_op(op, registry), fn);

  for (std::string_view name : {hir::kReshardOpName, hir::kLocalOpName}) {
    const std::optional<Op> op = registry.find(name);
    TF_CHECK(op.has_value(), "{} is not registered (register_hir_sharding_ops)", name);
    handlers.set<EvalHirHandler>(*op, &eval_identity);
  }
}

}  // namespace tf::eval
