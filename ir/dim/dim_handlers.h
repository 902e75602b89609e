// The typeinfer and verify handlers of the seven dim arithmetic ops.
//
// typeinfer (infer_dim_type): exactly two operands (TYPES.4.DIM.arith-two-inputs), each a
// rank-0 TensorType of integer or bool dtype (TYPES.4.DIM.arith-rank0-integer-inputs), any
// storage (a ShapeOf, i32, widens to i64 here: docs/decisions.md D7); the result is
// TensorType::meta_scalar(i64) (TYPES.4.DIM.expr-type-i64). A bool operand passes typeinfer
// because seed 000 requires simplify_dim(DimAdd, (Constant True, Constant 1)) to build the
// Call (dim_call.h); verify (verify_dim_call) is where it is flagged, with
// TYPES.4.DIM.arith-rank0-integer-inputs, as are a zero divisor of DimFloorDiv / DimMod given
// as a literal (TYPES.4.DIM.floordiv-mod-zero-kept, the Call simplify_dim keeps "so verify can
// flag the error").
#pragma once

#include <vector>

#include "ir/core/call.h"
#include "ir/core/op_handlers.h"

namespace tf {

/// The typeinfer handler of every dim op (header comment). Precondition: `op` is a dim op.
Result<IRType> infer_dim_type(Op op, const std::vector<Expr>& args);

/// The verify handler of every dim op (header comment); also re-runs the typeinfer checks.
std::vector<Diagnostic> verify_dim_call(const Call& call);

/// Registers the typeinfer and verify handlers of the (builtin) dim ops in `handlers`, whose
/// registry must be `registry`. Idempotent.
void register_dim_handlers(OpRegistry& registry, OpHandlers& handlers);

}  // namespace tf
