// The evaluation kernels of hir.tensor (and the identity of hir.sharding's Reshard and Local), one
// per row of ir/hir/tensor_ops.def: `eval_<snake>` is declared here from the row, and
// register_tensor_eval (tensor_eval.cpp) registers every row's kernel, so a row without a kernel
// fails the link. Each follows the handler contract of op_eval.h. Private to eval/hir.
//
// Where each kernel is and what it computes (where upstream is silent, the choice is stated):
// tensor_create_eval.cpp: values made from types and shapes.
//   eval_arange: start + step * k for k in [0, length), wrapped to the i32 / i64 result dtype.
//   eval_zeros: A tensor of the type attribute whose every code is 0 (a block-scaled type: zeros
//     quantized).
//   eval_shape_of: x's extents as a rank-1 i64 tensor.
//   eval_rank: x's rank as a rank-0 i64 tensor.
//
// tensor_view_eval.cpp: one input, elements rearranged.
//   eval_reshape: Row-major reinterpretation; one unresolved symbolic extent is inferred from the
//     count.
//   eval_transpose: out[i_0, ..] = x[i_perm...]: axes permuted, materialised row-major.
//   eval_slice: Per axis x[s : s + size * stride : stride]; starts from the Tuple operand.
//   eval_split: num_splits equal consecutive chunks along axis, as a tuple.
//   eval_repeat_interleave: Each element repeated `repeats` times consecutively along axis.
//
// tensor_join_eval.cpp: several inputs joined.
//   eval_concat: The inputs joined along an existing axis.
//   eval_stack: The inputs joined along a new axis.
//
// tensor_index_eval.cpp: slabs gathered or written by run-time indices.
//   eval_index_select: out[.., j, ..] = x[.., index[j], ..] along dim.
//   eval_index_copy: dst with slab index[j] replaced by src slab j, in order j = 0, 1, ... (the
//     last write wins).
//   eval_index_add: dst with src slab j added into slab index[j], in order, rounding to the dtype
//     after each add.
//   eval_insert_slice: dst with the window at the run-time offsets replaced by update.
//   eval_cache_update: cache with rows [cur_pos, cur_pos + s) replaced by new's first s rows.
//
// tensor_select_eval.cpp: elements chosen by comparing values.
//   eval_arg_max: The index of the first maximum along axis (NaN maximal).
//   eval_top_k: The k largest (smallest) elements along axis and their i64 indices.
//
// Elsewhere, beside the kernels they share code with (each file's header states the semantics):
//   eval_cast, eval_full_like, eval_where: convert_eval.cpp (elementwise);
//   eval_reduce: reduce_eval.cpp; eval_quant: quant_eval.cpp.
#pragma once

#include "eval/hir/op_eval.h"

namespace tf::eval::tensor_ops {

#define TF_TENSOR_OP(Enumerator, snake, ...) Result<Value> eval_##snake(const OpEvalArgs& a);
#include "ir/hir/tensor_ops.def"

/// The operand itself (hir.sharding.Reshard and Local: single-participant model,
/// docs/hir-semantics.md).
Result<Value> eval_identity(const OpEvalArgs& a);

}  // namespace tf::eval::tensor_ops
