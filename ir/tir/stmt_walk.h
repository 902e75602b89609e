// walk: visit every statement of a tree in pre-order (a statement before its children, the
// children in field order: bodies in order, an If's then before its else, a DispatchCall's case
// calls in source order before its fallback), through a StmtVisitor (stmt_visitor.h), without
// recursion. Pre-order is emission order: the codegen visits statements in this order.
// let_nesting: how deep LetStmts nest, and kMaxLetNesting, how deep they may.
#pragma once

#include <cstddef>
#include <functional>

#include "ir/tir/stmt.h"

namespace tf::tir {

/// Calls `visit` on `root` and every statement below it, in pre-order. A null root is skipped.
void walk(const Stmt& root, const std::function<void(const StmtNode&)>& visit);

/// How deep LetStmts may nest in one TIR body. Each let takes the rest of its block as its body,
/// so a kernel of N bindings nests N deep: the tfir reader refuses a body nesting deeper, and
/// the lowering a kernel (docs/lowering.md), so that what `tf lower` prints reads back. The
/// reader, the verifier, the printer, the walks here, the CUDA emitter and the machine model are
/// iterative; the bound is for the passes that still recurse once per level: structural equality
/// and hashing of statements (stmt_structural.cpp). 2,000 lets a function of the most bindings an
/// HIR body holds (1,000) lower. Raise it when those are iterative too.
inline constexpr std::size_t kMaxLetNesting = 2'000;

/// The most LetStmts enclosing one statement of `root` (a let counts itself): 0 without lets.
std::size_t let_nesting(const Stmt& root);

}  // namespace tf::tir
