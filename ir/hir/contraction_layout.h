// contraction_layout: the result layout of a contraction op (hir.nn.MatMul, hir.nn.Conv2D).
//
// Each operand axis either carries to a result axis (a Split of it stays a Split of that result
// axis), is contracted (a Split of it becomes Partial(sum): every participant holds a partial
// sum), or is an axis whose Split is not modelled (rejected). When some operand carries a Split
// or a Partial, the result layout is the canonical ShardLayout (shard_canonical.h) over the
// result shape on that operand's mesh, with one attr per mesh axis gathered from every operand:
// the carried Splits, Partial(sum) for contracted Splits, and each operand's own Partial(r)
// (the op's Partial rule has admitted it already). Rejected, each with a Diagnostic: an operand
// with a nested ShardLayout (not modelled), operands on different meshes, a Split of an
// unmodelled axis, two roles for one mesh axis, a Split whose tensor axis is not determined
// (shard_axes.h), and what canonical_shard_layout refuses. Without a Split or Partial anywhere
// the result gets a fresh C-order layout when asked (tensor_typeinfer_util.h), else None.
#pragma once

#include <optional>
#include <string_view>
#include <vector>

#include "ir/core/op.h"
#include "ir/layout/layout_base.h"
#include "ir/support/result.h"
#include "ir/type/shape_dim.h"
#include "ir/type/tensor_type.h"

namespace tf::hir {

/// Role of an operand axis whose Split becomes Partial(sum) in the result.
inline constexpr int kContracted = -1;
/// Role of an operand axis whose Split is not modelled (rejected).
inline constexpr int kUnmodelled = -2;

/// One operand of a contraction: its name in messages, its type, and per tensor axis the result
/// axis it carries to, or kContracted / kUnmodelled.
struct AxisRoles {
  std::string_view name;
  const TensorType* type = nullptr;
  std::vector<int> role;
};

/// The result layout of a contraction with result shape `out` (header comment); `fresh` asks
/// for a C-order layout when nothing is sharded. Diagnostics start with op's name.
Result<std::optional<LayoutBase>> contraction_layout(Op op, const std::vector<AxisRoles>& operands,
                                                     const std::vector<ShapeDim>& out, bool fresh);

}  // namespace tf::hir
