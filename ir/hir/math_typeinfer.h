// The typeinfer rules of hir.math (stated in math_ops.h), as the handler functions that
// register_hir_math_ops stores. Each trusts its operands' stored types and returns the
// result type or the diagnostics of every violated rule.
#pragma once

#include <vector>

#include "ir/core/attr_value.h"
#include "ir/core/expr.h"
#include "ir/core/op.h"
#include "ir/support/result.h"

namespace tf::hir {

/// hir.math.Binary: attrs = {kind}.
Result<IRType> infer_binary_type(Op op, const std::vector<Expr>& args,
                                 const std::vector<AttrValue>& attrs);
/// hir.math.Unary: attrs = {kind}.
Result<IRType> infer_unary_type(Op op, const std::vector<Expr>& args,
                                const std::vector<AttrValue>& attrs);
/// hir.math.Clamp: attrs = {min_val, max_val}.
Result<IRType> infer_clamp_type(Op op, const std::vector<Expr>& args,
                                const std::vector<AttrValue>& attrs);
/// hir.math.Softplus (no attributes).
Result<IRType> infer_softplus_type(Op op, const std::vector<Expr>& args);

}  // namespace tf::hir
