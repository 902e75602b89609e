// The layout-algebra calls `tf layout` and the Python module's layout_json evaluate (layout_run.h;
// CuTe's names and results, ir/layout):
//   composition(A, B)   complement(A) complement(A, M)   right_inverse(A)   left_inverse(A)
//   coalesce(A)   filter(A)
//   logical_divide / zipped_divide / tiled_divide / flat_divide(A, T)
//   logical_product / zipped_product / tiled_product / flat_product(A, T)
//   blocked_product(A, B)   raked_product(A, B)
// Operands are layout expressions (docs/tfir.md section 3, or names given with --def) that denote a
// plain Layout; M is an integer. A tiler T takes every form CuTe's does (ir/layout/tiler.h): a
// layout B, an integer n (the layout n:1), `_` or `None` (keep the mode), or a tuple of tilers in
// parentheses, one per leading mode of A, nested at will, so that a Shape `(4, 8)` is a tiler:
// `zipped_divide(A, Layout(4, 1))`, `tiled_divide(A, (4, 8))`, `flat_product(A, (Layout(2, 1), _))`.
// Calls nest: `composition(A, right_inverse(A))`.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "ir/layout/layout.h"
#include "ir/support/result.h"
#include "ir/text/layout_builder.h"
#include "ir/text/syntax.h"

namespace tf::cli {

/// The names of the algebra calls, in the order `tf layout --help` lists them.
const std::vector<std::string>& layout_algebra_names();

/// When `node` is a call of an algebra function, its result; nullopt when it is not such a
/// call (then it is an ordinary layout expression). Positioned diagnostics for an unknown
/// operand, a wrong operand count, an operand that is not a plain Layout, and the algebra's
/// own refusals (composition's divisibility conditions, ...).
std::optional<Result<Layout>> evaluate_layout_algebra(const text::SyntaxNode& node,
                                                      const text::LayoutEnvironment& env);

}  // namespace tf::cli
