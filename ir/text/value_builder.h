// Building expressions of a function body from tfir syntax (docs/tfir.md sections 4-6).
//
//   x                 a bound value, a parameter, or a declared dim (a rank-0 i64 DimVar)
//   2  1.5  true      scalars: i64, f32, bool (section 4); rank 0, storage umat in a func and
//                     rmem in a prim_func (docs/decisions.md D7)
//   bf16(0.5)  i32(7)  fp8e4m3(0x3c)   typed scalars; a narrow float is given by its bits
//   (a, b)            a Tuple
//   @f(a, b)          a call of a function of the file (FunctionCall; func bodies only)
//   @k                a SymbolRef (an operand of launch; prim_func bodies)
//   tuple_get_item(r, index=1)   ShapeOf(a, 0)   N + 1 (dim arithmetic over dims and ShapeOf)
//   op(args..., attr=value...)   an op of the body's dialect by its surface spelling
//                     (OpSpec::surface); in a func, a hir.math Binary or Unary kind name is
//                     that op with `kind=` (`mul(x, y)` is `binary(x, y, kind=mul)`) unless an
//                     op of the dialect owns the spelling (`relu` is hir.nn.ReLU)
// A Call is typed by its op's typeinfer handler (an effect-form op's Call is Unit) and built by
// Call::make, so every schema and attribute check applies; diagnostics are positioned at the
// call and keep their rule ids.
#pragma once

#include "ir/core/expr.h"
#include "ir/support/result.h"
#include "ir/text/body_environment.h"
#include "ir/text/syntax.h"

namespace tf::text {

/// The dialect a body is read in: a `func` (HIR) or a `prim_func` (TIR).
enum class BodyDialect { Hir, Tir };

/// "hir" or "tir": the op-name prefix whose surface spellings a body resolves.
const char* dialect_prefix(BodyDialect d);

/// The expression `node` denotes in `env` (header comment).
Result<Expr> build_value(const SyntaxNode& node, BodyDialect dialect, const BodyEnvironment& env);

/// A scalar literal (header comment) of storage `storage`.
Result<Expr> build_scalar_literal(const SyntaxNode& node, StorageKind storage);

/// Whether `node` mentions a poisoned name of `env` (a statement using it is skipped quietly).
bool uses_poisoned_name(const SyntaxNode& node, const BodyEnvironment& env);

}  // namespace tf::text
