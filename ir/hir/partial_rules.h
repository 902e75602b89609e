// Partial rules: which pending cross-device reductions an HIR op may consume (upstream's HIR
// catalogue and its ir/hir/_shard_checks).
//
// A ShardLayout attr Partial(r) on a mesh axis says the value is the r-reduction (sum, max or
// min) of the participants' values along that axis, not yet performed (shard_attr.h). An op may
// take such an operand only when it commutes with r, so that the result carries the same pending
// reduction; otherwise the author reshards the operand to Broadcast first. Two rule shapes cover
// every op:
//  - pointwise (reject_partials): each Partial of the operand must be in the op's commuting set;
//  - multilinear (check_multilinear_partials): on each mesh axis at most one operand carries a
//    Partial, its reduction is in the allowed set, and every other operand is replicated there
//    (it has no ShardLayout, no such axis, or Broadcast on it); several operands may carry a
//    Partial together only when they all carry the same reduction of the `jointly` set; with an
//    anchor, only the anchor may carry one.
// A mesh axis is identified by its position (shard layer, axis index), as upstream does; that two
// operands' meshes agree is not checked here. Every layer of a nested ShardLayout is read
// (layer 0 is the tensor's own ShardLayout).
//
// The hir.math rules (math_typeinfer.cpp calls these; math_ops.h states them):
//  - Binary: add commutes with max / min on one operand when the other is replicated, and with
//    sum only when both operands carry the same Partial(sum) on that mesh axis; mul commutes
//    with one Partial(sum) against a replicated operand; every other kind rejects any Partial;
//  - Unary: the monotone non-decreasing kinds (relu exp log ceil round exp2 log2) commute with
//    max / min, neg with sum, every other kind with nothing;
//  - Clamp and Softplus (monotone): max / min commute, Partial(sum) is rejected.
// Every violation is a Diagnostic of category Type: "<op>: <operand> carries Partial(<r>) on mesh
// axis <p>, ..." stating what was expected.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "ir/core/op.h"
#include "ir/core/math_kinds.h"
#include "ir/support/diagnostic.h"
#include "ir/type/tensor_type.h"

namespace tf::hir {

/// A set of Partial reductions (sum, max, min).
struct ReductionSet {
  bool sum = false;
  bool max = false;
  bool min = false;
  /// Whether `reduction` ("sum", "max", "min") is in the set.
  bool contains(std::string_view reduction) const;
  /// True when no reduction is in the set.
  bool empty() const { return !sum && !max && !min; }
};

inline constexpr ReductionSet kNoReductions{};
inline constexpr ReductionSet kSumOnly{.sum = true};
inline constexpr ReductionSet kMaxMin{.max = true, .min = true};

/// One pending reduction of a tensor: Partial(reduction) on mesh axis `mesh_axis` of layer
/// `layer`.
struct PartialState {
  int layer = 0;
  int mesh_axis = 0;
  std::string reduction;
};

/// The Partial attrs of t's ShardLayout, every layer, in (layer, mesh axis) order; empty when t
/// carries no ShardLayout.
std::vector<PartialState> partial_states(const TensorType& t);

/// Pointwise rule: one diagnostic per Partial of operand `name` (type t) whose reduction is not
/// in `commutes`. `what` names the consumer in the message ("this op", "kind exp").
std::vector<Diagnostic> reject_partials(Op op, std::string_view name, const TensorType& t,
                                        ReductionSet commutes, std::string_view what = "this op");

/// An operand of a multilinear rule: its name in messages and its type.
struct PartialOperand {
  std::string_view name;
  const TensorType* type = nullptr;
};

/// What a multilinear consumer allows (header comment). An empty anchor means none.
struct MultilinearPartials {
  ReductionSet allowed = kSumOnly;
  ReductionSet jointly = kNoReductions;
  std::string_view anchor;
};

/// Multilinear rule over `operands` (header comment); the diagnostics of every violation.
std::vector<Diagnostic> check_multilinear_partials(Op op,
                                                   const std::vector<PartialOperand>& operands,
                                                   const MultilinearPartials& rule,
                                                   std::string_view what = "this op");

/// hir.math.Binary of kind `kind` (header comment).
std::vector<Diagnostic> binary_partial_errors(Op op, BinaryKind kind, const TensorType& lhs,
                                              const TensorType& rhs);
/// hir.math.Unary of kind `kind` (header comment).
std::vector<Diagnostic> unary_partial_errors(Op op, UnaryKind kind, const TensorType& x);
/// A monotone pointwise op on x (Clamp, Softplus, and the monotone hir.nn activations): max and
/// min commute, sum does not.
std::vector<Diagnostic> monotone_partial_errors(Op op, const TensorType& x);

}  // namespace tf::hir
