// hir.tensor: the tensor HIR ops (upstream's HIR catalogue), declared once in tensor_ops.def
// (schemas, spellings, result rules), their typeinfer rules (tensor_typeinfer.h), and one
// builder that types a Call by those rules. TupleGetItem is not here: it is the core Expr node
// TupleGetItem (ir/core/tuple.h), not an Op.
//
// Schemas: tensor_ops.def, one row per op (ParamDefs in the catalogue's order).
//
// Result types. Every reject is a Diagnostic of category Type whose message starts with the op
// name. An axis a < 0 counts from the end (a + rank). Operands are tensors (a tuple-typed one
// is TYPES.5.TUPLE.not-op-input) except Slice's starts and InsertSlice's offsets. Storage is x's
// unless stated; "fresh" layout: None when no source has a layout, else the C-order Layout
// over the result shape (None when that needs a symbolic stride, or a source is sharded).
//  - Arange: exactly `type`: a rank-1 i32 / i64 TensorType; step > 0.
//  - ArgMax: x without `axis`, i64, fresh layout. x rank >= 1; no Partial; axis not Split.
//  - CacheUpdate: exactly cache's type. cache and new rank 4 [B, len, H, D] of one dtype, equal
//    B, H, D; cur_pos and s i32 scalars (rank 0 or every extent 1); static new.len <= static
//    cache.len; axis 1 not Split; the same Split axes and Partial attrs on cache and new.
//  - Cast: x with dtype replaced (layout, storage kept). rounding in {rn, rz, rp} and, with
//    saturate, a mode the target offers (cast_rules.h; None = the target's default);
//    scale_method in {ocp, rceil, nvfp4}, only for a block-scaled target and one its format
//    takes. A plain f4e2m1 target is accepted (only the evaluator refuses it).
//  - Concat: >= 1 input of one rank and dtype, equal extents off `axis`; the axis extent is
//    the sum through simplify_dim (static extents fold); storage anchored over the inputs;
//    fresh layout. No input Split on `axis`.
//  - FullLike: exactly x's type.
//  - IndexAdd / IndexCopy: exactly dst's type. index rank-1 i32 / i64 (IndexCopy: i64 only);
//    src of dst's rank and dtype with equal extents off `dim`; index.len == src.shape[dim];
//    no operand Partial or Split.
//  - IndexSelect: x with shape[dim] = index.len, fresh layout. index rank-1 i32 / i64; dim
//    Split only when it is the sole Split.
//  - InsertSlice: exactly dst's type. update of dst's rank and dtype; offsets a Tuple of rank
//    rank-0 i32 / i64 scalars, or one such bare scalar for a rank-1 dst; static update extent
//    <= static dst extent; a literal offset >= 0 and its static window inside dst; dst and
//    update carry the same Partial attrs.
//  - Quant: Tuple(x_q: x.shape fp8e4m3, x_scale: x.shape[:-1] + (last // group,) f32), the
//    extent through simplify_dim; fresh layouts. x rank >= 1; scheme per_token_group; group
//    > 0; target_dtype fp8e4m3; a static last extent divisible by group; no Partial.
//  - Rank: the umat i64 scalar Tensor[(), i64, storage=umat].
//  - Reduce: kind in {sum, mean, max, abs_max}; axes in range, no repeats; each reduced axis
//    becomes 1 (keepdim) or is dropped; axes=() reduces nothing (docs/decisions.md D6); x's dtype,
//    fresh layout. Partial only with sum / mean over Partial(sum) or max over Partial(max).
//  - RepeatInterleave: the axis extent times repeats (simplify_dim); layout None. repeats >=
//    0; x has no Split or Partial attr.
//  - Reshape: shape = new_shape (TYPES.2.TENSOR.reshape-owns-shape-rewrite); a C-order Layout
//    of x is re-derived as the C-order Layout of the result, any other layout gives None.
//    Equal element counts when both shapes are static.
//  - ShapeOf: Tensor[(rank,), i64, storage=umat], layout None (the core ShapeOf Expr node is
//    another thing: TIR's rank-0 i32 extent).
//  - Slice: shape = sizes. starts a Tuple of rank rank-0 i32 / i64 scalars; len(sizes) ==
//    len(strides) == rank; static sizes >= 0, static strides > 0; an axis bound by a Split is
//    not narrowed (size == its extent, stride 1). Layout: with literal starts, static strides
//    and a flat Layout of static strides on x, ComposedLayout(None, sum start*stride,
//    Layout(sizes, stride*step)); otherwise None.
//  - Split: Tuple of num_splits identical fields, x with the axis extent // num_splits (a
//    symbolic extent through simplify_dim; upstream leaves it unchanged, which would type
//    every field with the whole extent); fresh layout. num_splits > 0; a static extent
//    divisible; axis not Split (TYPES.5.TUPLE.multi-output-type).
//  - Stack: inputs of one shape and dtype; a new axis of extent len(inputs) at axis in
//    [-rank-1, rank]; storage anchored over the inputs; fresh layout.
//  - TopK: Tuple(values: x dtype, indices: i64), each x with the axis extent k; fresh layouts.
//    x rank >= 1; a static k >= 0 and <= a static axis extent (a DimVar k by its upper bound);
//    axis not Split; no Partial.
//  - Transpose: shape permuted; a flat Layout has its modes permuted, another layout gives
//    None. perm has rank entries and is a permutation of the axes.
//  - Where: the 3-way right-aligned broadcast, input's dtype; storage anchored on input and
//    other, layout as Binary's over them (a rank-0 EMPTY_LAYOUT abstains). condition bool;
//    input and other of one dtype; no operand Partial.
//  - Zeros: exactly `type`, a TensorType.
// Not yet modelled (the sharded half of the catalogue): deriving a ShardLayout for a result
// (such results get None), Reshape's sharded regroup, IndexSelect's Partial(sum) on a Split
// dim and its composed-shard reject, Concat / Stack mesh agreement and uniform Partial, Quant's
// group-cutting last-axis Split, Where's condition-vs-data layout agreement, Binary-style
// Partial commuting rules, and every "is axis a Split" test on a layer whose domain rank is not
// the tensor rank (tensor_typeinfer_util.h ShardFacts).
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "ir/core/call.h"
#include "ir/core/op.h"
#include "ir/core/op_handlers.h"

namespace tf::hir {

/// The hir.tensor family's identity (OpFamily; an op's code is its TensorOp).
extern const OpFamily kTensorFamily;

/// The hir.tensor ops, one per row of tensor_ops.def.
enum class TensorOp : std::uint8_t {
#define TF_TENSOR_OP(Enumerator, ...) Enumerator,
#include "ir/hir/tensor_ops.def"
};

/// Every TensorOp, in declaration (and registration) order.
const std::vector<TensorOp>& all_tensor_ops();

/// "hir.tensor.<Class>": "hir.tensor.Arange", ..., "hir.tensor.Zeros".
std::string_view tensor_op_name(TensorOp op);

/// Which hir.tensor op `op` is (by its family and code), or nullopt.
std::optional<TensorOp> tensor_op_kind(Op op);

/// Registers the hir.tensor ops in `registry` and their typeinfer handlers in `handlers`
/// (whose registry must be `registry`). Idempotent.
void register_hir_tensor_ops(OpRegistry& registry, OpHandlers& handlers);

/// The op registered for `op` in `registry`. Precondition (TF_CHECK): it is registered.
Op tensor_op(TensorOp op, const OpRegistry& registry);

/// A Call of `op` on `args` with call-site attributes `attrs`, typed by its rule (header
/// comment); the rule's diagnostics, or bind_call_attrs' and Call::make's, otherwise. The op
/// and its handler come from `handlers` (which must hold register_hir_tensor_ops).
Result<CallRef> make_tensor_call(TensorOp op, std::vector<Expr> args, std::vector<NamedAttr> attrs,
                                 const OpHandlers& handlers);

}  // namespace tf::hir
