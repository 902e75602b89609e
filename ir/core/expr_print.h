// The tfir spelling of expressions (docs/tfir.md sections 3-4).
//
//  - a Constant: `7` (i64), `1.5` (f32), `true` (bool), otherwise typed: `i32(7)`, `bf16(0.5)`;
//    its storage has no operand spelling and is not printed;
//  - a Var or a DimVar: its name (a DimVar's envelope belongs to its `dim` declaration);
//  - dim arithmetic: infix `+ - * // %` with Python precedence and the fewest parentheses that
//    keep the tree (`(N + 1) * 2`, `N - (M - 1)`), `min(a, b)`, `max(a, b)` (in a func body
//    `dim_min(a, b)`, `dim_max(a, b)`: to_body_string); a negative literal operand is
//    parenthesized: `N + (-1)`;
//  - any other Call: `op.name(arg, ..., attr=value, ...)`, every attribute (defaults filled)
//    as a keyword in declaration order (attr_value_text): `hir.math.Binary(x, y, kind=add)`;
//  - a Tuple: `(a, b)`, `(a,)` for one element, `()` for none;
//  - a TupleGetItem: `tuple_get_item(r, index=1)`;
//  - a SymbolRef: `@name`;
//  - a ShapeOf: `ShapeOf(a, 0)` (the parameter's name and the axis); inside dim arithmetic it
//    is an atom: `ShapeOf(a, 0) + 1`.
// Patterns print through to_string(Pattern) (pattern.h): `DimVarRangePat("N", 1, 65)`.
#pragma once

#include <cstddef>
#include <iosfwd>
#include <string>

#include "ir/core/expr.h"

namespace tf {

/// The tfir spelling of `e` ("<null>" for a null handle).
std::string to_string(const Expr& e);
/// The spelling of `e` as a value in a func body: as to_string, but dim min / max as
/// `dim_min(a, b)` / `dim_max(a, b)` (in a body `min` and `max` are the elementwise ops).
std::string to_body_string(const Expr& e);
/// The spelling of `e` for a message: at most `max_nodes` nodes, the rest of each operand
/// printed as `...` (an expression DAG expands as a tree, exponentially in its depth: a value
/// built by 24 doublings printed as 500 MB).
std::string short_text(const Expr& e, std::size_t max_nodes = 48);
/// Stream the tfir spelling (for gtest and RapidCheck messages).
std::ostream& operator<<(std::ostream& os, const Expr& e);

}  // namespace tf
