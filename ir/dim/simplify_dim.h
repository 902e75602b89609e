// simplify_dim: the construction-time folding of dim arithmetic (seed 000 section 4,
// "Construction-time folding"). Every producer of a dim arithmetic Call routes through it.
//
// When both operands are int-valued Constants (an int64 payload; a bool payload is not one),
// the result is the folded dim_const, computed with Python's floor semantics (dim_arith.h).
// Otherwise the canonical Call(op, args) is returned unchanged, with the args exactly as
// given. The Call is also kept, although every operand is a Constant:
//  - for DimFloorDiv / DimMod by a zero divisor, so that the verifier can flag it;
//  - for a non-int payload (e.g. bool);
//  - (decision: the seed is silent) when the folded value would leave int64, where Python's
//    unbounded int has no C++ counterpart; evaluate_dim then reports the overflow.
// No algebraic identity is applied (x + 0 and x * 1 stay Calls).
#pragma once

#include <vector>

#include "ir/core/expr.h"
#include "ir/core/op.h"
#include "ir/dim/dim_ops.h"
#include "ir/support/result.h"

namespace tf {

/// The folded Constant or the canonical Call. Diagnostic when the operands are not two rank-0
/// integer Exprs (make_dim_call's rules).
Result<Expr> simplify_dim(DimOpKind kind, std::vector<Expr> args);
/// The same for an Op; Diagnostic (TYPES.4.DIM.arith-op-set) when `op` is not a dim
/// arithmetic op.
Result<Expr> simplify_dim(Op op, std::vector<Expr> args);

}  // namespace tf
