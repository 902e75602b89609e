// TensorType: the logical type of a tensor, TensorType(shape, dtype, layout, storage) (seed
// 000 section 2).
//
// Design note. A scalar is a rank-0 TensorType; there is no Scalar type
// (TYPES.2.TENSOR.scalar-is-rank0). `shape` is the logical shape and never changes under
// sharding, storage or layout (TYPES.2.TENSOR.shape-is-logical). make() checks the structural
// rules of seed 000 section 2:
//  - every static extent is >= 0 (a negative extent is refused here, so no size can skip it:
//    TYPES.2.2.SIZE.reject-negative-extent);
//  - storage is None or one of the six StorageKinds (TYPES.2.STORAGE.field-domain);
//  - a Layout / ComposedLayout has domain_rank == len(shape) (TYPES.2.TENSOR.layout-rank-match,
//    read through the common domain_rank contract) and, when static, is injective
//    (TYPES.2.TENSOR.injective-layout; a symbolic layout is checked once its symbols are
//    bound); a ShardLayout keeps the logical shape and is checked by ir/layout's
//    check_tensor_layout (TYPES.2.TENSOR.shard-logical-shape).
// Semantic rules (which storage a given op may produce, umat before codegen) belong to the
// HIR / TIR verifiers.
//
// Rank 0. The meta-scalar (the shape-element type of dims: shape (), layout EMPTY_LAYOUT,
// storage None) has exactly one constructor, meta_scalar(dtype). A rank-0 domain has exactly
// one layout function, so make() stores EMPTY_LAYOUT (`Layout((), ())`) for a rank-0 tensor
// given no layout: "no layout" and the empty layout are the same thing at rank 0, and every
// rank-0 type built with storage None is then structurally equal to meta_scalar(dtype)
// however it was constructed (TYPES.4.DIM.meta-scalar-equality-across-layers).
#pragma once

#include <cstdint>
#include <cstddef>
#include <optional>
#include <tuple>
#include <vector>

#include "ir/support/field_names.h"
#include "ir/dtype/dtype.h"
#include "ir/layout/layout_base.h"
#include "ir/support/result.h"
#include "ir/type/ir_type.h"
#include "ir/type/shape_dim.h"
#include "ir/type/storage.h"

namespace tf {

/// EMPTY_LAYOUT: the rank-0 layout `Layout((), ())`, the layout of every rank-0 tensor that has
/// no ShardLayout.
const LayoutBase& empty_layout();

/// The type of a tensor value (see the design note).
struct TensorType final : IRTypeNode {
  static constexpr TypeKind kKind = TypeKind::TensorType;

  std::vector<ShapeDim> shape;         ///< logical shape
  DType dtype;                         ///< element dtype
  std::optional<LayoutBase> layout;    ///< None (no assigned layout) or a LayoutBase member
  std::optional<StorageKind> storage;  ///< None (no memory space) or a StorageKind

  /// The most terms a symbolic extent may have expanded as a tree (a shared sub-expression
  /// counted once per use): an implementation limit that keeps the recursive walks over dims
  /// (printing, evaluation, comparison) bounded; a concat of itself doubled 24 times has an
  /// extent of 2^24 terms built from 25 nodes.
  static constexpr std::size_t kMaxExtentTerms = 4096;

  /// The checking factory (rules in the design note). Diagnostics name the rule ids, and the
  /// extent limit (kMaxExtentTerms) is a Type diagnostic.
  static Result<Ref<const TensorType>> make(std::vector<ShapeDim> shape, DType dtype,
                                            std::optional<LayoutBase> layout = std::nullopt,
                                            std::optional<StorageKind> storage = std::nullopt);
  /// The rank-0 meta-scalar type: shape (), `dtype`, layout EMPTY_LAYOUT, storage None; the
  /// only constructor of the shape-element type (TYPES.4.DIM.meta-scalar-single-constructor).
  /// Precondition (TF_CHECK): dtype is valid.
  static Ref<const TensorType> meta_scalar(DType dtype);

  /// len(shape).
  int rank() const { return static_cast<int>(shape.size()); }
  /// Rank 0 with storage None: a shape element, carrying no memory
  /// (TYPES.2.TENSOR.rank0-none-is-shape-element).
  bool is_shape_element() const { return shape.empty() && !storage.has_value(); }
  /// Rank 0 with a memory StorageKind: an ordinary scalar holding one element
  /// (TYPES.2.TENSOR.rank0-memory-scalar).
  bool is_memory_scalar() const { return shape.empty() && storage.has_value(); }

  /// The names of the fields of structural_fields(), in order (ir/support/field_names.h).
  static constexpr FieldNames<4> kFieldNames{"shape", "dtype", "layout", "storage"};

  /// The field list from which structural equality and hashing are generated.
  auto structural_fields() const { return std::tie(shape, dtype, layout, storage); }

 private:
  TensorType(std::vector<ShapeDim> shape, DType dtype, std::optional<LayoutBase> layout,
             std::optional<StorageKind> storage);
};

/// Handle to a TensorType.
using TensorTypeRef = Ref<const TensorType>;

/// The logical shape as a flat IntTuple for the layout code: static extents as ints, a DimVar
/// as IntSymbol{name, lo, hi}, any other dim Expr as an IntSymbol named by its tfir spelling.
IntTuple shape_as_int_tuple(const std::vector<ShapeDim>& shape);

}  // namespace tf
