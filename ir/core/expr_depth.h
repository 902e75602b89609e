// expr_depth: how deep an expression DAG nests, computed without recursion, so that a reader
// can refuse IR that the recursive walks (verifiers, evaluators, printers) could not survive.
#pragma once

#include <cstddef>

#include "ir/core/expr.h"

namespace tf {

/// The number of nodes on the longest root-to-leaf path of `e` (1 for a leaf, 0 for null),
/// counting every child the toolkit walks (expr_children.h). Iterative, linear in the DAG.
std::size_t expr_depth(const Expr& e);

}  // namespace tf
