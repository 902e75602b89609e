// The integer semantics of the dim ops: Python's, since the spec is written against Python.
//
// Design note. DimFloorDiv is Python's `a // b`: the quotient rounded toward negative
// infinity (7 // 2 == 3, -7 // 2 == -4, 7 // -2 == -4). DimMod is Python's `a % b`: the
// remainder that has the sign of the divisor (7 % 3 == 1, -7 % 3 == 2, 7 % -3 == -2), so
// that b * (a // b) + a % b == a always holds. C++'s `/` and `%` truncate toward zero instead
// and are corrected here. Values are int64: where Python's unbounded ints would leave the
// int64 range (INT64_MAX + 1, INT64_MIN // -1) the result is a Diagnostic, never wrapped. A
// zero divisor is a Diagnostic as well.
#pragma once

#include <cstdint>

#include "ir/dim/dim_ops.h"
#include "ir/support/result.h"

namespace tf {

/// Python's a // b. Precondition: b != 0 and not (a == INT64_MIN and b == -1).
std::int64_t floor_div(std::int64_t a, std::int64_t b);
/// Python's a % b. Precondition: b != 0.
std::int64_t floor_mod(std::int64_t a, std::int64_t b);

/// `a op b` with Python semantics. Diagnostic (category Eval) for a zero divisor of
/// DimFloorDiv / DimMod or a result outside int64.
Result<std::int64_t> apply_dim_op(DimOpKind kind, std::int64_t a, std::int64_t b);

}  // namespace tf
