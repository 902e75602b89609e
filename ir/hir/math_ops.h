// hir.math: the elementwise HIR ops Binary, Unary, Clamp and Softplus (upstream's HIR catalogue),
// their schemas, their typeinfer rules, and builders that type a Call by those rules.
//
// Schemas (ParamDefs, in order):
//   hir.math.Binary   lhs, rhs; kind: enum (kBinaryKindSpace, required)
//   hir.math.Unary    x; kind: enum (kUnaryKindSpace, required)
//   hir.math.Clamp    x; min_val: float, max_val: float (both required)
//   hir.math.Softplus x
//
// Result types (typeinfer; every reject is a Diagnostic of category Type whose message starts
// with the op name):
//  - Binary: lhs and rhs are tensors of one dtype (no implicit promotion: the message points
//    at full_like / cast); the shape is their right-aligned broadcast (broadcast.h); the dtype
//    is the operands' dtype, or bool for eq ne lt le gt ge and or. Kind rules: div needs
//    float operands, integers are rejected with a hint to floor_div (docs/decisions.md D6);
//    floor_div and mod need i32 / i64; and / or need bool; add sub mul pow need numeric
//    (integer or float) operands; max min and the comparisons take any dtype. Storage is
//    anchored on the operands' concrete storages (umat and None abstain; two different
//    concrete storages are rejected; no concrete one gives umat when an operand is umat,
//    else None). Layout: the operands' common layout (equal, or set on one side only) when an
//    operand carrying it has the result's shape, else None.
//  - Unary: exactly x's type. not needs bool; the float-only kinds (is_float_only: rsqrt exp
//    log ceil round exp2 log2) are rejected on integers and bool (D6); neg abs relu square
//    need numeric operands; cast is rejected (the conversion op is hir.tensor.Cast).
//  - Clamp: exactly x's type; x numeric.
//  - Softplus: exactly x's type; x a float tensor.
// Partial operands follow partial_rules.h: Binary add takes one Partial(max / min) against a
// replicated operand or the same Partial(sum) on both, mul one Partial(sum) against a
// replicated operand, other kinds none; Unary takes what its kind commutes with (max / min for
// the monotone kinds, sum for neg); Clamp and Softplus reject Partial(sum).
// Not yet modelled: the sharded layout derivation of a Binary result and the fresh C-order
// layout of an RMEM / SMEM Binary result.
#pragma once

#include <cstdint>

#include "ir/core/call.h"
#include "ir/core/op.h"
#include "ir/core/op_handlers.h"
#include "ir/core/math_kinds.h"

namespace tf::hir {

/// The hir.math family's identity (OpFamily; an op's code is its MathOp).
extern const OpFamily kMathFamily;

/// The four hir.math ops.
enum class MathOp : std::uint8_t { Binary, Unary, Clamp, Softplus };

/// "hir.math.Binary", "hir.math.Unary", "hir.math.Clamp", "hir.math.Softplus".
std::string_view math_op_name(MathOp op);

/// Which hir.math op `op` is (by its family and code), or nullopt.
std::optional<MathOp> math_op_kind(Op op);

/// Registers the four ops in `registry` and their typeinfer handlers in `handlers` (whose
/// registry must be `registry`). Idempotent. Not part of register_core_ops: the process-wide
/// tables hold the HIR families once the HIR layer registers them there.
void register_hir_math_ops(OpRegistry& registry, OpHandlers& handlers);

/// The op registered for `op` in `registry`. Precondition (TF_CHECK): it is registered.
Op math_op(MathOp op, const OpRegistry& registry);

/// A Call of hir.math.Binary with attribute kind=`kind`, typed by its rule (header comment);
/// the rule's diagnostics otherwise. The op and its handler come from `handlers` (which must
/// hold register_hir_math_ops).
Result<CallRef> make_binary(BinaryKind kind, Expr lhs, Expr rhs, const OpHandlers& handlers);
/// A Call of hir.math.Unary with attribute kind=`kind`, typed by its rule.
Result<CallRef> make_unary(UnaryKind kind, Expr x, const OpHandlers& handlers);
/// A Call of hir.math.Clamp(x, min_val=lo, max_val=hi), typed by its rule.
Result<CallRef> make_clamp(Expr x, double lo, double hi, const OpHandlers& handlers);
/// A Call of hir.math.Softplus(x), typed by its rule.
Result<CallRef> make_softplus(Expr x, const OpHandlers& handlers);

}  // namespace tf::hir
