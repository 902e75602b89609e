// The evaluation handlers of the shape and index ops (hir.tensor, hir.sharding), one per op,
// registered by register_tensor_eval (tensor_eval.cpp). Each follows the handler contract of
// op_eval.h; where upstream is silent, the choice is stated on the handler below. Private to
// eval/hir.
#pragma once

#include "eval/hir/op_eval.h"

namespace tf::eval::tensor_ops {

// tensor_create_eval.cpp: values made from types and shapes.
/// start + step * k for k in [0, length), wrapped to the i32 / i64 result dtype.
Result<Value> eval_arange(const OpEvalArgs& a);
/// A tensor of the type attribute whose every code is 0 (a block-scaled type: zeros quantized).
Result<Value> eval_zeros(const OpEvalArgs& a);
/// x's extents as a rank-1 i64 tensor.
Result<Value> eval_shape_of(const OpEvalArgs& a);
/// x's rank as a rank-0 i64 tensor.
Result<Value> eval_rank(const OpEvalArgs& a);
/// The operand itself (hir.sharding.Reshard and Local: single-participant model,
/// docs/hir-semantics.md).
Result<Value> eval_identity(const OpEvalArgs& a);

// tensor_view_eval.cpp: one input, elements rearranged.
/// Row-major reinterpretation; one unresolved symbolic extent is inferred from the count.
Result<Value> eval_reshape(const OpEvalArgs& a);
/// out[i_0, ..] = x[i_perm...]: axes permuted, materialised row-major.
Result<Value> eval_transpose(const OpEvalArgs& a);
/// Per axis x[s : s + size * stride : stride]; starts from the Tuple operand.
Result<Value> eval_slice(const OpEvalArgs& a);
/// num_splits equal consecutive chunks along axis, as a tuple.
Result<Value> eval_split(const OpEvalArgs& a);
/// Each element repeated `repeats` times consecutively along axis.
Result<Value> eval_repeat_interleave(const OpEvalArgs& a);

// tensor_join_eval.cpp: several inputs joined.
/// The inputs joined along an existing axis.
Result<Value> eval_concat(const OpEvalArgs& a);
/// The inputs joined along a new axis.
Result<Value> eval_stack(const OpEvalArgs& a);

// tensor_index_eval.cpp: slabs gathered or written by run-time indices.
/// out[.., j, ..] = x[.., index[j], ..] along dim.
Result<Value> eval_index_select(const OpEvalArgs& a);
/// dst with slab index[j] replaced by src slab j, in order j = 0, 1, ... (the last write wins).
Result<Value> eval_index_copy(const OpEvalArgs& a);
/// dst with src slab j added into slab index[j], in order, rounding to the dtype after each add.
Result<Value> eval_index_add(const OpEvalArgs& a);
/// dst with the window at the run-time offsets replaced by update.
Result<Value> eval_insert_slice(const OpEvalArgs& a);
/// cache with rows [cur_pos, cur_pos + s) replaced by new's first s rows.
Result<Value> eval_cache_update(const OpEvalArgs& a);

// tensor_select_eval.cpp: elements chosen by comparing values.
/// The index of the first maximum along axis (NaN maximal).
Result<Value> eval_arg_max(const OpEvalArgs& a);
/// The k largest (smallest) elements along axis and their i64 indices.
Result<Value> eval_top_k(const OpEvalArgs& a);

}  // namespace tf::eval::tensor_ops
