// hir.cuda.nn: the shape-specific MMA value ops (upstream's HIR catalogue; registry category nn).
// Each returns the logical product A @ B of one instruction tile, computed in dtype_acc; there
// is no accumulator operand (lowering introduces and zero-fills it). `Mma` itself is a marker
// upstream and is not registered.
//
// Schemas (ParamDefs, in order; surface spelling in brackets):
//   hir.cuda.nn.Mma_SM80_16x8x16     [mma_sm80_16x8x16]      a, b; dtype_a, dtype_b,
//   hir.cuda.nn.Wgmma_SM90_64x128x16 [wgmma_sm90_64x128x16]  dtype_acc: dtype (required),
//                                                            a_layout: enum = T,
//                                                            b_layout: enum = N
//                                                            (MmaOperandLayout: N | T)
//
// Result type (typeinfer; every reject is a Diagnostic of category Type whose message starts
// with the op name): Tensor[(M, N), dtype_acc] for the tile (M, N, K) = (16, 8, 16) or
// (64, 128, 16), with a of shape (M, K) and b of shape (K, N) exactly (static); a's dtype must
// be dtype_a and b's dtype_b; (dtype_a, dtype_b, dtype_acc) one of (f16, f16, f16),
// (bf16, bf16, bf16), (f16, f16, f32), (bf16, bf16, f32), (f32, f32, f32); a_layout and
// b_layout each N or T (orientation flags: they never transpose the logical operands; their
// space admits no other spelling: "expected a_layout N or T, found X", from the reader). Storage
// is anchored on the operands' as hir.math.Binary's. Layout: None when both operands have none
// or either carries a ShardLayout of Broadcast attrs only; else a fresh C-order layout over
// (M, N). An operand whose ShardLayout claims a distribution (a Split, Partial or Dynamic attr)
// is rejected.
// Not yet modelled: the SM80 BF16/BF16/F32 TN register-fragment contract, under which upstream
// accepts A / B fragment ShardLayouts in rmem and derives the C fragment layout. It needs the
// MMA atom's fragment layouts (tir.cuda.nn), which this layer does not have yet, so such an
// operand is rejected like any other distributed one.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "ir/core/call.h"
#include "ir/core/op.h"
#include "ir/core/op_handlers.h"

namespace tf::hir {

/// The hir.cuda.nn family's identity (OpFamily; an op's code is its CudaNnOp).
extern const OpFamily kCudaNnFamily;

/// The hir.cuda.nn MMA ops.
enum class CudaNnOp : std::uint8_t { MmaSm80_16x8x16, WgmmaSm90_64x128x16 };

/// An MMA operand's orientation flag (a_layout, b_layout), spelled N and T.
enum class MmaOperandLayout : std::uint8_t { N, T };

/// The spellings of MmaOperandLayout ("N", "T"), by enumerator.
extern const EnumSpace kMmaOperandLayoutSpace;
/// MmaOperandLayout's space (makes it a SpacedEnum).
inline const EnumSpace& enum_space_of(MmaOperandLayout) { return kMmaOperandLayoutSpace; }

/// "hir.cuda.nn.Mma_SM80_16x8x16", "hir.cuda.nn.Wgmma_SM90_64x128x16".
std::string_view cuda_nn_op_name(CudaNnOp op);

/// Which hir.cuda.nn op `op` is (by its family and code), or nullopt.
std::optional<CudaNnOp> cuda_nn_op_kind(Op op);

/// Registers the two ops in `registry` and their typeinfer handlers in `handlers` (whose
/// registry must be `registry`). Idempotent.
void register_hir_cuda_nn_ops(OpRegistry& registry, OpHandlers& handlers);

/// The op registered for `op` in `registry`. Precondition (TF_CHECK): it is registered.
Op cuda_nn_op(CudaNnOp op, const OpRegistry& registry);

/// A Call of `op` on (a, b) with call-site attributes `attrs`, typed by its rule; the rule's
/// diagnostics otherwise. `handlers` must hold register_hir_cuda_nn_ops.
Result<CallRef> make_cuda_nn(CudaNnOp op, Expr a, Expr b, std::vector<NamedAttr> attrs,
                             const OpHandlers& handlers);

}  // namespace tf::hir
