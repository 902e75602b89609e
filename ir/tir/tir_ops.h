// The TIR ops of seed 002 section 2.3: their schemas, their handlers and the helpers that build
// their Calls.
//
// Design note. Every op is one row of tir_ops.def (enumerator, name, surface spelling) and one
// case of tir_op_spec (its schema). Every op is registered by register_tir_ops with its seed name, its form, its
// ParamDefs in the seed's order and its tfir surface spelling; the handler tables get a
// typeinfer (typeinfer_attrs where the op declares attributes) for each value op and a verify
// for each effect op (required_handlers). register_tir_ops is idempotent.
//
//   op                        form    operands                       attributes
//   tir.memory.AllocTensor    value   -                              tensor_type: type
//   tir.memory.MemorySpan     value   x                              -
//   tir.memory.PtrOf          value   x                              -
//   tir.memory.TensorView     value   memory, coordinates...         layout: layout,
//                                                                    shape: dim_tuple = None
//   tir.memory.Copy           effect  source, destination            -
//   tir.memory.Fill           effect  tensor, value                  -
//   tir.cuda.nn.Mma           effect  acc, lhs, rhs                  atom: atom = None
//   tir.nn.ReLU               effect  src, dst                       -
//   tir.nn.RMSNorm            effect  src, dst, weight               eps: float
//   tir.tensor.Reduce         effect  src, dst, workspace            axes: int_tuple, kind: enum
//   tir.arith.Binary          effect  lhs, rhs, dst                  kind: enum
//   tir.arith.Unary           effect  src, dst                       kind: enum
//   tir.Launch                effect  args... (launch.h)             cluster, dynamic_smem,
//                                                                    stream, attrs (launch.h)
//   tir.sync.Sync             effect  -                              mesh: mesh
//   tir.async.CopyAsync       effect  source, destination            -
//   tir.async.CpAsyncCommit   effect  -                              -
//   tir.async.CpAsyncWait     effect  -                              n: int = 0
// Surface spellings are the snake_case names (alloc_tensor ... cp_async_wait; relu for ReLU).
// Mma lives in tir.cuda.nn and tir.nn holds ReLU and RMSNorm (docs/decisions.md D7).
//
// Reduce's workspace (decision). The seed makes it an optional operand (None when lowering
// sizes no cross-warp staging), but a ParamDef operand cannot be optional and an op's arity is
// fixed. Rather than a second op or a variadic schema that would lose the operand names, the
// absent workspace is a sentinel operand: the empty tuple `()` (no_workspace()), the one Expr
// of type Tuple[] and never a tensor. Reduce is registered with tuple_operands so Call::make
// admits it; its verify handler refuses every other tuple operand. reduce_workspace(call) is
// null when the workspace is absent. The tfir printer omits the sentinel:
// `reduce(src, dst, axes=(1,), kind=sum)` versus `reduce(src, dst, ws, axes=..., kind=...)`.
//
// Value-op result types (typeinfer, memory_typeinfer.h): AllocTensor is exactly tensor_type;
// PtrOf is its operand's type (decision: a device address of a tensor is modelled as an alias
// of that tensor, so a downstream TensorView reads dtype and storage from it); MemorySpan is
// its operand's shape, dtype and storage with no layout (decision: the region re-read as a
// plain compact tensor); TensorView is described in memory_typeinfer.h.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "ir/core/attr_value.h"
#include "ir/core/call.h"
#include "ir/core/math_kinds.h"
#include "ir/core/op.h"
#include "ir/core/op_handlers.h"
#include "ir/core/reduce_kind.h"
#include "ir/support/result.h"

namespace tf::tir {

/// The TIR ops, in registration order (tir_ops.def).
enum class TirOp : std::uint8_t {
#define TF_TIR_OP(E, ...) E,
#include "ir/tir/tir_ops.def"
};

/// Every TirOp, in registration order.
inline constexpr TirOp kAllTirOps[] = {
#define TF_TIR_OP(E, ...) TirOp::E,
#include "ir/tir/tir_ops.def"
};

/// The TIR family's identity (OpFamily; an op's code is its TirOp).
extern const OpFamily kTirFamily;

/// The canonical name: "tir.memory.AllocTensor", ..., "tir.async.CpAsyncWait".
std::string_view tir_op_name(TirOp op);
/// The schema register_tir_ops registers for `op` (the table of the design note).
OpSpec tir_op_spec(TirOp op);
/// Registers every TIR op in `registry` and its typeinfer / verify handlers in `handlers`
/// (which must index `registry`). Idempotent.
void register_tir_ops(OpRegistry& registry, OpHandlers& handlers);

/// The registered op of `op` (precondition, TF_CHECK: register_tir_ops ran on `registry`).
Op tir_op(TirOp op, const OpRegistry& registry);
/// Which TIR op `op` is (by its family and code), or nullopt for an op of another family.
std::optional<TirOp> tir_op_kind(Op op);

/// Whether `op` takes a block-scaled operand (docs/decisions.md D14): a view, a copy, a unary
/// (its cast: a quantize or a dequantize) and a launch; every other op's operands are carriers
/// of one simple dtype (DTREP.LOGICAL.not-carrier-dtype).
bool takes_block_scaled(TirOp op);
/// True when `op` is the TIR op `which` (by its family and code, whatever the registry).
bool is_tir_op(Op op, TirOp which);

/// A Call of the value op `which` typed by its typeinfer handler: the handler's diagnostics, or
/// Call::make's. Precondition (TF_CHECK): `which` is value-form and registered in handlers.
Result<CallRef> make_value_call(TirOp which, std::vector<Expr> args, std::vector<NamedAttr> attrs,
                                const OpHandlers& handlers);

/// The `kind` attribute of a Binary, Unary or Reduce: the EnumAttr of the kind's space
/// (ir/core/math_kinds.h, reduce_kind.h) naming `kind`.
NamedAttr kind_attr(BinaryKind kind);
NamedAttr kind_attr(UnaryKind kind);
NamedAttr kind_attr(ReduceKind kind);

/// The absent-workspace sentinel of Reduce: the empty tuple `()` (one shared node).
const Expr& no_workspace();
/// True when `e` is the absent-workspace sentinel (an empty Tuple, structurally).
bool is_no_workspace(const Expr& e);
/// The workspace operand of a Reduce Call, or null when it is absent.
/// Precondition (TF_CHECK): call's op is tir.tensor.Reduce.
Expr reduce_workspace(const Call& call);

}  // namespace tf::tir
