// ShapeOf: the runtime extent of one axis of a function parameter (seed 002 section 2.2),
// the subject of a TIR dispatch and the `<param>_shape_<axis>` kernel scalar. tfir spells it
// `ShapeOf(a, 0)`; it is unrelated to the HIR op hir.tensor.ShapeOf.
//
// Its type is a rank-0 i32 scalar (TIR.2.2.SHAPEOF.type-rank0-i32), TensorType::
// meta_scalar(i32): shape (), storage None (decision: an extent is shape metadata, it is not
// held in a memory of the IR; the emitter turns it into a kernel parameter). The axis must be
// a valid axis of the parameter's TensorType (TIR.2.2.SHAPEOF.axis-valid). Inside dim
// arithmetic it widens to i64 (docs/decisions.md D7): the dim ops accept any rank-0 integer operand
// and evaluate_dim reads the extent from the parameter's shape. That `param` is a parameter
// of the enclosing PrimFunction is the TIR verifier's rule (TIR.2.2.SHAPEOF.param-is-function-
// param): a lone Expr does not know its function.
#pragma once

#include <cstdint>
#include <tuple>

#include "ir/support/field_names.h"
#include "ir/core/var.h"
#include "ir/support/result.h"
#include "ir/type/shape_dim.h"

namespace tf {

/// The runtime extent of axis `axis` of parameter `param`.
struct ShapeOf final : ExprNode {
  static constexpr ExprKind kKind = ExprKind::ShapeOf;

  VarRef param;       ///< a tensor-typed parameter Var
  std::int64_t axis;  ///< 0 <= axis < rank of param's type

  /// Diagnostic (category Type) when `param` is null or not tensor-typed;
  /// TIR.2.2.SHAPEOF.axis-valid when axis is outside [0, rank).
  static Result<Ref<const ShapeOf>> make(VarRef param, std::int64_t axis);

  /// The parameter's declared extent on this axis (a static int, a DimVar or a dim Expr).
  const ShapeDim& extent() const;

  /// The names of the fields of structural_fields(), in order (ir/support/field_names.h).
  static constexpr FieldNames<3> kFieldNames{"param", "axis", "type"};

  /// The field list from which structural equality and hashing are generated.
  auto structural_fields() const { return std::tie(param, axis, type()); }

 private:
  ShapeOf(VarRef p, std::int64_t a, IRType t)
      : ExprNode(kKind, std::move(t)), param(std::move(p)), axis(a) {}
};

/// Handle to a ShapeOf.
using ShapeOfRef = Ref<const ShapeOf>;

}  // namespace tf
