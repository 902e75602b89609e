// Building dim expressions from tfir syntax (docs/tfir.md section 3: an integer, a declared dim,
// or arithmetic over them with + - * // %, min(a, b), max(a, b) and parentheses).
//
// Every arithmetic node goes through simplify_dim, so `3 + 4` is the Constant 7 exactly as if
// 7 had been written, and what the type printer spells reads back to an equal expression
// (a negative literal operand prints as `(-3)` and reads back here). Names resolve against the
// file's declared dims only; a name that is declared as something else, or not at all, is a
// positioned error.
#pragma once

#include "ir/core/expr.h"
#include "ir/support/result.h"
#include "ir/text/environment.h"
#include "ir/text/syntax.h"
#include "ir/type/shape_dim.h"

namespace tf::text {

/// The rank-0 i64 dim Expr `node` denotes: a Constant, a DimVar or a canonical dim Call.
Result<Expr> build_dim_expr(const SyntaxNode& node, const FileEnvironment& env);

/// The shape element `node` denotes (an int-valued expression becomes a static extent).
Result<ShapeDim> build_shape_dim(const SyntaxNode& node, const FileEnvironment& env);

}  // namespace tf::text
