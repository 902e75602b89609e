// make_dim_call: the typing rule of the seven dim arithmetic ops, and the only way their
// Calls are built (simplify_dim calls it when it does not fold).
//
// Each op takes exactly two operands (TYPES.4.DIM.arith-two-inputs), each a rank-0 TensorType
// of integer dtype (TYPES.4.DIM.arith-rank0-integer-inputs); the Call's type is
// TensorType::meta_scalar(i64) (TYPES.4.DIM.expr-type-i64). Decision where the seed is
// silent: a rank-0 *bool* operand is accepted at construction, because seed 000 requires
// simplify_dim(DimAdd, (Constant True, Constant 1)) to return the DimAdd Call (Python's bool
// is an int); such a Call is refused by evaluate_dim and left for the verifier to flag.
// Operand storage is not constrained (a ShapeOf or a TIR rmem index may feed dim arithmetic).
// The operand checks are the dim ops' typeinfer handler, infer_dim_type (dim_handlers.h).
#pragma once

#include <vector>

#include "ir/core/call.h"
#include "ir/dim/dim_ops.h"
#include "ir/support/result.h"

namespace tf {

/// Call(dim_op(kind), args, meta_scalar(i64)) after checking the operands (header comment).
Result<CallRef> make_dim_call(DimOpKind kind, std::vector<Expr> args);

}  // namespace tf
