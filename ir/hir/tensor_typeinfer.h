// The typeinfer rules of hir.tensor (stated in tensor_ops.h), as the handler functions that
// register_hir_tensor_ops stores. Each trusts its operands' stored types and returns the result
// type or the diagnostics of every violated rule; `attrs` holds one value per attribute
// ParamDef, in schema order, defaults filled (op_handlers.h). The definitions are grouped:
// tensor_create_typeinfer.cpp, tensor_shape_typeinfer.cpp, tensor_index_typeinfer.cpp,
// tensor_reduce_typeinfer.cpp.
#pragma once

#include <vector>

#include "ir/core/attr_value.h"
#include "ir/core/expr.h"
#include "ir/core/op.h"
#include "ir/support/result.h"

namespace tf::hir {

// Creation, conversion and metadata (tensor_create_typeinfer.cpp).
/// Arange: attrs = {type, start, step}.
Result<IRType> infer_arange_type(Op op, const std::vector<Expr>& args,
                                 const std::vector<AttrValue>& attrs);
/// Zeros: attrs = {type}.
Result<IRType> infer_zeros_type(Op op, const std::vector<Expr>& args,
                                const std::vector<AttrValue>& attrs);
/// FullLike: attrs = {value}.
Result<IRType> infer_full_like_type(Op op, const std::vector<Expr>& args,
                                    const std::vector<AttrValue>& attrs);
/// Cast: attrs = {dtype, rounding, saturate, scale_method}.
Result<IRType> infer_cast_type(Op op, const std::vector<Expr>& args,
                               const std::vector<AttrValue>& attrs);
/// Rank (no attributes).
Result<IRType> infer_rank_type(Op op, const std::vector<Expr>& args);
/// ShapeOf (no attributes).
Result<IRType> infer_shape_of_type(Op op, const std::vector<Expr>& args);

// Shape rewrites and views (tensor_shape_typeinfer.cpp).
/// Reshape: attrs = {new_shape}.
Result<IRType> infer_reshape_type(Op op, const std::vector<Expr>& args,
                                  const std::vector<AttrValue>& attrs);
/// Transpose: attrs = {perm}.
Result<IRType> infer_transpose_type(Op op, const std::vector<Expr>& args,
                                    const std::vector<AttrValue>& attrs);
/// Slice: attrs = {sizes, strides}.
Result<IRType> infer_slice_type(Op op, const std::vector<Expr>& args,
                                const std::vector<AttrValue>& attrs);
/// Split: attrs = {axis, num_splits}.
Result<IRType> infer_split_type(Op op, const std::vector<Expr>& args,
                                const std::vector<AttrValue>& attrs);
/// Concat: attrs = {axis}.
Result<IRType> infer_concat_type(Op op, const std::vector<Expr>& args,
                                 const std::vector<AttrValue>& attrs);
/// Stack: attrs = {axis}.
Result<IRType> infer_stack_type(Op op, const std::vector<Expr>& args,
                                const std::vector<AttrValue>& attrs);
/// RepeatInterleave: attrs = {repeats, axis}.
Result<IRType> infer_repeat_interleave_type(Op op, const std::vector<Expr>& args,
                                            const std::vector<AttrValue>& attrs);

// Indexing and updates (tensor_index_typeinfer.cpp).
/// IndexAdd: attrs = {dim}.
Result<IRType> infer_index_add_type(Op op, const std::vector<Expr>& args,
                                    const std::vector<AttrValue>& attrs);
/// IndexCopy: attrs = {dim}.
Result<IRType> infer_index_copy_type(Op op, const std::vector<Expr>& args,
                                     const std::vector<AttrValue>& attrs);
/// IndexSelect: attrs = {dim}.
Result<IRType> infer_index_select_type(Op op, const std::vector<Expr>& args,
                                       const std::vector<AttrValue>& attrs);
/// InsertSlice (no attributes).
Result<IRType> infer_insert_slice_type(Op op, const std::vector<Expr>& args);
/// CacheUpdate (no attributes).
Result<IRType> infer_cache_update_type(Op op, const std::vector<Expr>& args);
/// Where (no attributes).
Result<IRType> infer_where_type(Op op, const std::vector<Expr>& args);

// Reductions and selections (tensor_reduce_typeinfer.cpp).
/// ArgMax: attrs = {axis}.
Result<IRType> infer_arg_max_type(Op op, const std::vector<Expr>& args,
                                  const std::vector<AttrValue>& attrs);
/// Reduce: attrs = {axes, keepdim, kind}.
Result<IRType> infer_reduce_type(Op op, const std::vector<Expr>& args,
                                 const std::vector<AttrValue>& attrs);
/// TopK: attrs = {k, axis, largest, sorted}.
Result<IRType> infer_top_k_type(Op op, const std::vector<Expr>& args,
                                const std::vector<AttrValue>& attrs);
/// Quant: attrs = {scheme, group, target_dtype}.
Result<IRType> infer_quant_type(Op op, const std::vector<Expr>& args,
                                const std::vector<AttrValue>& attrs);

}  // namespace tf::hir
