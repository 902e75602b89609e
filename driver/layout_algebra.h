// The layout-algebra calls `tf layout` and the Python module's layout_json evaluate (layout_run.h;
// CuTe's names and results, ir/layout):
//   composition(A, B)   complement(A) complement(A, M)   right_inverse(A)   left_inverse(A)
//   coalesce(A)   filter(A)
//   logical_divide(A, B) logical_divide(A, (B0, B1, ...))   logical_product(A, B | (B0, ...))
//   zipped_divide / tiled_divide / flat_divide(A, (B0, ...))
//   zipped_product / tiled_product / flat_product(A, (B0, ...))
//   blocked_product(A, B)   raked_product(A, B)
// Operands are layout expressions (docs/tfir.md section 3, or names given with --def) that denote a
// plain Layout; a tiler in parentheses is by-mode (one layout per leading mode of A); M is an
// integer. Calls nest: `composition(A, right_inverse(A))`.
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
