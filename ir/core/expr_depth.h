// expr_depth and expr_tree_exceeds: how deep an expression DAG nests and how large it is as a
// tree, computed without recursion, so that a reader or a type can refuse IR that the recursive
// walks (verifiers, evaluators, printers) could not survive or finish.
#pragma once

#include <cstddef>

#include "ir/core/expr.h"

namespace tf {

/// The number of nodes on the longest root-to-leaf path of `e` (1 for a leaf, 0 for null),
/// counting every child the toolkit walks (expr_children.h). Iterative, linear in the DAG.
std::size_t expr_depth(const Expr& e);

/// Whether `e` expanded as a tree (a shared node counted once per use, as the recursive walks
/// and the printer meet it) has more than `limit` nodes. Iterative; stops after limit + 1 nodes.
bool expr_tree_exceeds(const Expr& e, std::size_t limit);

}  // namespace tf
