// The pieces the hir.tensor typeinfer rules share (tensor_ops.h states the rules): reading
// attribute values, axis normalisation, dim arithmetic through simplify_dim, the layout of a
// new value, the storage anchoring of several operands, and the ShardLayout facts the cheap
// sharding rules look at.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ir/core/attr_value.h"
#include "ir/core/op.h"
#include "ir/dim/dim_ops.h"
#include "ir/support/result.h"
#include "ir/type/tensor_type.h"

namespace tf::hir {

/// The int of an Int attribute value. Precondition (TF_CHECK): `v` holds an int.
std::int64_t int_attr(const AttrValue& v);
/// The bool of a Bool attribute value. Precondition (TF_CHECK): `v` holds a bool.
bool bool_attr(const AttrValue& v);
/// The ints of an IntTuple attribute value. Precondition (TF_CHECK): a tuple of ints.
const std::vector<std::int64_t>& int_tuple_attr(const AttrValue& v);
/// The dim of a Dim attribute value (an int is a static dim). Precondition (TF_CHECK): a dim.
ShapeDim dim_attr(const AttrValue& v);
/// The dims of a DimTuple attribute value (ints are static dims). Precondition: a dim tuple.
std::vector<ShapeDim> dim_tuple_attr(const AttrValue& v);

/// `axis` in [0, rank): a negative axis counts from the end (a < 0 -> a + rank); nothing when
/// it is outside [-rank, rank).
std::optional<int> normalize_axis(std::int64_t axis, int rank);
/// "<op>: <what> <axis> is out of range for rank <rank> (expected -rank to rank-1)".
Diagnostic axis_error(Op op, std::string_view what, std::int64_t axis, int rank);

/// The dim as an Expr: a static extent becomes dim_const, a symbolic one its expression.
Expr dim_expr(const ShapeDim& d);
/// simplify_dim(kind, {a, b}) read back as a ShapeDim: two static dims fold to the static
/// result (TYPES.4.FOLD.route-through-simplify-dim), anything else is the dim Call. Two static
/// extents whose sum, difference or product leaves int64 are a type error of `op`.
Result<ShapeDim> combine_dims(Op op, DimOpKind kind, const ShapeDim& a, const ShapeDim& b);
/// The product of the extents, or nothing when one is symbolic or the product leaves int64.
std::optional<std::int64_t> static_element_count(const std::vector<ShapeDim>& shape);
/// Whether every extent is static.
bool all_static(const std::vector<ShapeDim>& shape);

/// TensorType::make with the diagnostics prefixed by the op name (their rule ids kept).
Result<TensorTypeRef> make_result_tensor(Op op, std::vector<ShapeDim> shape, DType dtype,
                                         std::optional<LayoutBase> layout,
                                         std::optional<StorageKind> storage);

/// The row-major (C-order) Layout over `shape`: the last axis has stride 1, each earlier axis
/// the product of the later extents. Nothing when a stride would need a symbolic product or
/// the rank is 0 (a rank-0 tensor's layout is EMPTY_LAYOUT anyway).
std::optional<LayoutBase> c_order_layout(const std::vector<ShapeDim>& shape);
/// The layout of a new value of shape `shape` computed from `sources`: None when no source has
/// a layout, or when one has a ShardLayout (sharded derivation is not modelled, tensor_ops.h);
/// otherwise the fresh c_order_layout(shape).
std::optional<LayoutBase> fresh_layout(const std::vector<const TensorType*>& sources,
                                       const std::vector<ShapeDim>& shape);

/// The storage of a value computed from `sources` (anchor_storage of typeinfer_util.h over a
/// list): their one concrete storage (two different concrete storages are a diagnostic), else
/// umat when one is umat, else None.
Result<std::optional<StorageKind>> anchor_storages(Op op,
                                                   const std::vector<const TensorType*>& sources);

/// What the ShardLayout of a tensor says, over every layer (outermost first).
struct ShardFacts {
  bool sharded = false;               ///< the layout is a ShardLayout
  std::vector<std::string> partials;  ///< the reduction of every Partial attr, in layer order
  int split_count = 0;                ///< the number of Split attrs
  /// Per logical axis, whether a Split binds it. A Split is mapped onto a logical axis only
  /// when its layer's domain rank equals the tensor rank; otherwise `splits_mapped` is false
  /// and the rules that ask "is axis a Split" do not decide (not modelled).
  std::vector<bool> split_axis;
  bool splits_mapped = true;

  /// True when axis `a` is known to be bound by a Split.
  bool splits(int a) const { return splits_mapped && split_axis.at(a); }
};

/// The ShardFacts of `t` (all empty / false when its layout is not a ShardLayout).
ShardFacts shard_facts(const TensorType& t);

/// Appends "<op>: <operand> has a Partial(<r>) layout; <op> accepts no pending reduction" to
/// `diags` when `t` has a Partial attr.
void reject_partial(Op op, std::string_view operand, const TensorType& t,
                    std::vector<Diagnostic>& diags);

/// "i32 or i64" check: true for those two dtypes.
bool is_index_dtype(DType d);

}  // namespace tf::hir
