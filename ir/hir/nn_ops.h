// hir.nn: the neural-network HIR ops (upstream's HIR catalogue), their schemas, their typeinfer
// rules, and a builder that types a Call by those rules.
//
// Schemas (ParamDefs, in order; surface spelling in brackets):
//   hir.nn.MatMul    [matmul]     lhs, rhs
//   hir.nn.Conv2D    [conv2d]     input, weight, bias; stride, padding, dilation: int_tuple,
//                                 groups: int (all required)
//   hir.nn.ReLU      [relu]       x
//   hir.nn.Sigmoid   [sigmoid]    x
//   hir.nn.Tanh      [tanh]       x
//   hir.nn.SoftMax   [softmax]    x; axis: int (required)
//   hir.nn.LayerNorm [layer_norm] x, weight, bias; axis: int, eps: float (both required)
//   hir.nn.Gelu      [gelu]       x; approximate: enum = tanh (GeluApproximation: tanh | none)
//   hir.nn.Silu      [silu]       x
//   hir.nn.RMSNorm   [rms_norm]   x, weight; eps: float = 1e-6
//   hir.nn.RoPE      [rope]       q, k, cos_cache, sin_cache, pos_ids
//
// Result types (typeinfer). Every operand must be a tensor; every reject is a Diagnostic of
// category Type whose message starts with the op name and says what was expected and found.
// Partial rules are those of partial_rules.h ("any Partial": no reduction commutes).
//  - MatMul: lhs and rhs of one numeric dtype, both rank >= 2, batch axes (all but the last
//    two) broadcast as hir.math.Binary's shapes do, lhs K (last axis) == rhs K (axis -2); the
//    result is Tensor[(*broadcast(batch), M, N), lhs dtype], storage anchored as Binary's.
//    K must be split on the same mesh axes in both operands; at most one operand carries a
//    Partial per mesh axis, it is a sum and the other operand is replicated there. Layout: when
//    an operand carries a Split or Partial, the canonical ShardLayout (shard_canonical.h) over
//    the result shape on that mesh, with M / N / batch Splits carried to their result axes and a
//    K Split or a Partial(sum) becoming Partial(sum); else a fresh C-order layout when an operand
//    has a layout (never the lhs layout: docs/hir-semantics.md), else None.
//  - Conv2D: input (N, C, H, W), weight (O, C/groups, kh, kw), bias (O,), one dtype; stride and
//    dilation two positive ints, padding two ints >= 0, groups > 0; kh, kw static and positive;
//    C and O divisible by groups (static when groups > 1); the result is
//    Tensor[(N, O, (H + 2p - d(k-1) - 1) // s + 1, same for W), input dtype], storage of input,
//    a static output extent must be positive. Sharding: a Split of input axis N or of the output
//    channels (weight / bias axis 0) carries to result axis 0 / 1 (a channel Split must not cut
//    a group when groups > 1); the result layout is then the canonical ShardLayout, otherwise a
//    fresh C-order layout when an operand has a layout (None for a symbolic result shape), else None.
//  - ReLU, Sigmoid, Tanh: exactly x's type; ReLU needs a numeric x, Sigmoid / Tanh a float x
//    (docs/decisions.md D6: float-only functions reject integers); Partial(sum) is rejected
//    (monotone: max / min commute).
//  - SoftMax: exactly x's type; x float; axis in [-r, r) (upstream's rule); any Partial.
//  - LayerNorm: exactly x's type; axis in [-r, r); weight and bias shapes equal x.shape[axis:];
//    x dtype f32 / f16 / bf16; weight dtype == bias dtype, == x dtype or f32 when x is f16 /
//    bf16; any Partial on any operand; a Split on a normalised axis (x axes >= axis, any weight
//    or bias axis).
//  - Gelu: exactly x's type; x float; any Partial. approximate is tanh or none (upstream's
//    rule; the default is tanh, unlike torch): its space, so the reader rejects another
//    spelling ("expected approximate tanh or none, found erf", a type error).
//  - Silu: exactly x's type; x float; any Partial.
//  - RMSNorm: exactly x's type; x of rank >= 1 and float; weight rank 1 and float with
//    weight.shape[0] == x.shape[-1]; any Partial on either operand.
//  - RoPE: Tuple[q's type, k's type]; q and k of rank >= 1; a static head_dim (last axis) is
//    even; static q and k head_dims agree; q (and, separately, k) may carry Partial(sum) only
//    against replicated cos_cache / sin_cache, which carry none; pos_ids carries no Partial.
// Not yet modelled: the Partial(sum) contractions and input-channel / kernel Splits of a sharded
// Conv2D (rejected: reshard first), a nested ShardLayout operand of MatMul / Conv2D (rejected),
// and the tensor axis of a Split whose layout domain does not factor the logical shape
// (shard_axes.h; rejected by the rules that need it). Not checked, as upstream: a Split on the
// SoftMax axis or on RMSNorm's last axis, the dtypes of RoPE's tables and pos_ids.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "ir/core/call.h"
#include "ir/core/op.h"
#include "ir/core/op_handlers.h"
#include "ir/core/math_kinds.h"

namespace tf::hir {

/// The hir.nn family's identity (OpFamily; an op's code is its NnOp).
extern const OpFamily kNnFamily;

/// The hir.nn ops.
enum class NnOp : std::uint8_t {
  MatMul,
  Conv2D,
  ReLU,
  Sigmoid,
  Tanh,
  SoftMax,
  LayerNorm,
  Gelu,
  Silu,
  RMSNorm,
  RoPE
};

/// Gelu's `approximate`: the tanh approximation or the exact erf form (spelled tanh, none).
enum class GeluApproximation : std::uint8_t { Tanh, None };

/// The spellings of GeluApproximation ("tanh", "none"), by enumerator.
extern const EnumSpace kGeluApproximationSpace;
/// GeluApproximation's space (makes it a SpacedEnum).
inline const EnumSpace& enum_space_of(GeluApproximation) { return kGeluApproximationSpace; }

/// The Unary kind each approximation computes (gelu_tanh, gelu_erf; unary_kinds.def).
UnaryKind gelu_unary_kind(GeluApproximation approximate);

/// Every NnOp, in declaration (and registration) order.
inline constexpr NnOp kAllNnOps[] = {NnOp::MatMul, NnOp::Conv2D,  NnOp::ReLU,      NnOp::Sigmoid,
                                     NnOp::Tanh,   NnOp::SoftMax, NnOp::LayerNorm, NnOp::Gelu,
                                     NnOp::Silu,   NnOp::RMSNorm, NnOp::RoPE};

/// "hir.nn.MatMul", ..., "hir.nn.RoPE".
std::string_view nn_op_name(NnOp op);

/// Which hir.nn op `op` is (by its family and code), or nullopt.
std::optional<NnOp> nn_op_kind(Op op);

/// Registers the hir.nn ops in `registry` and their typeinfer handlers in `handlers` (whose
/// registry must be `registry`). Idempotent.
void register_hir_nn_ops(OpRegistry& registry, OpHandlers& handlers);

/// The op registered for `op` in `registry`. Precondition (TF_CHECK): it is registered.
Op nn_op(NnOp op, const OpRegistry& registry);

/// A Call of `op` on `args` with call-site attributes `attrs`, typed by its rule (header
/// comment); the rule's diagnostics otherwise. `handlers` must hold register_hir_nn_ops.
Result<CallRef> make_nn(NnOp op, std::vector<Expr> args, std::vector<NamedAttr> attrs,
                        const OpHandlers& handlers);

}  // namespace tf::hir
