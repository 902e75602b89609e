// Printing an HIR Function as a tfir `func` item (docs/tfir.md section 5), the inverse of
// hir_reader.
//
// Design note. An HIR body is one expression DAG; the printer lays it out as bindings in
// dependency order (a shared node is bound once and then used by name), every binding with its
// type (`name: Type = value`: "types are optional on input and always printed"). Names are the
// source's (ExprNode::binding_name) where they are unique, else fresh (`t0`, `t1`, ...).
// Calls, function calls, tuple projections and loops are always bound; a tuple or a literal is
// bound only when the source named it, else written inline. A grid loop prints as
// `name = for i in range(a, b, c) carry (...) { ... yield (...) }`. Every value is bound in the
// innermost block that dominates all of its uses (binding_placement.h): inside a loop body only
// when every use is inside it. A loop without carries ends with its value as the last binding
// (bound once more by name when it is bound outside the block or written inline). Op calls use the
// surface spelling; a hir.math Binary / Unary uses its kind as the op name (`mul(x, y)`) unless
// an op owns that spelling (`unary(x, kind=relu)`); attributes equal to their default are left
// out, and a layout, mesh or atom equal to a declared one is written by name. Narrow float
// literals are written by their bits (`fp8e4m3(0x3c)`). read(print(f)) prints back the same
// text (the fixed point the tests check). A dispatch prototype prints as
// `func f(...) -> R prototype` followed by each variant, in order, as
// `specialize f(DimVarRangePat("N", lo, hi)) as f_small(...) -> R { ... }`, a blank line apart.
#pragma once

#include <string>

#include "ir/core/op.h"
#include "ir/hir/function.h"
#include "ir/text/declared_names.h"

namespace tf::text {

/// The tfir text of `f` (ending with the closing `}` line's newline), a prototype with its
/// variants; `registry` decides the math sugar, `names` the declared names.
std::string print_hir_function(const hir::Function& f, const OpRegistry& registry,
                               const DeclaredNames& names);

/// The tfir spelling of a scalar literal Constant (`2`, `1.5`, `true`, `bf16(0.5)`,
/// `fp8e4m3(0x3c)`, `i32(7)`).
std::string literal_text(const Expr& constant);

}  // namespace tf::text
