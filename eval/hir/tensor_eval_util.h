// What the hir.tensor evaluation handlers share: reading attributes and run-time scalars, axis
// normalisation and shape arithmetic, each failure an eval_error (op_eval.h) rather than a
// crash, since a handler may meet extents and index values typeinfer could not see.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "eval/hir/op_attrs.h"
#include "eval/hir/op_eval.h"

namespace tf::eval::tensor_ops {

/// The op's name for messages: the registered name ("hir.tensor.Slice").
std::string_view op_name(const OpEvalArgs& a);

/// The Dim attribute `name` resolved under the function's DimVars.
Result<std::int64_t> dim_attr(const OpEvalArgs& a, std::string_view name);
/// The DimTuple attribute `name`, every entry resolved under the function's DimVars.
Result<std::vector<std::int64_t>> dim_tuple_attr(const OpEvalArgs& a, std::string_view name);
/// The Type attribute `name` as a TensorType. Precondition (TF_CHECK): it holds one.
const TensorType& tensor_type_attr(const OpEvalArgs& a, std::string_view name);

/// `axis` in [0, rank) (a < 0 counts from the end), or an eval error naming `what`.
Result<int> normalize_axis(std::int64_t axis, int rank, std::string_view what);

/// The value of a run-time integer scalar (an i8 / i32 / i64 tensor of exactly one element,
/// rank 0 or all extents 1), or an eval error naming `what`.
Result<std::int64_t> scalar_int(const Tensor& t, std::string_view what);
/// The values of a Tuple of integer scalars (Slice's starts, InsertSlice's offsets), or of one
/// bare scalar (InsertSlice's offset of a rank-1 dst).
Result<std::vector<std::int64_t>> scalar_ints(const Value& v, std::string_view what);
/// The entries of a rank-1 integer index tensor, each checked to lie in [0, extent) (no
/// negative wrap-around, as torch's index ops), or an eval error naming the first bad one.
Result<std::vector<std::int64_t>> index_entries(const Tensor& index, std::int64_t extent,
                                                std::string_view what);

/// An eval error when a run-time extent of `shape` (a resolved type or attribute) is negative.
std::optional<Diagnostic> negative_extent(const Shape& shape, std::string_view what);

/// `shape` with the extent of `axis` replaced by `extent`.
Shape with_extent(const Shape& shape, int axis, std::int64_t extent);

/// An eval error when `t` is block-scaled: `op` computes on values (or picks single elements)
/// and cannot keep the blocks of D3; the message says to cast to a simple dtype first.
std::optional<Diagnostic> refuse_block_scaled(const Tensor& t, std::string_view op);

}  // namespace tf::eval::tensor_ops
