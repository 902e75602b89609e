// Structural equality and hashing of TIR statements.
//
// Design note. Nothing here is written per node: stmt_structural.cpp switches over
// stmt_nodes.def and compares / hashes each node's `structural_fields()` tuple field by field,
// with one overload per field type, exactly as ir/core/structural.cpp does for expressions.
// Expressions, patterns, meshes and types inside statements compare with the core's
// structural_equal (so Vars compare as the core compares them). A statement's `loc` is not a
// field (TIR.1.1.STMT.loc-not-semantic); an Intrinsic's descriptor compares by identity.
#pragma once

#include <concepts>
#include <cstddef>

#include "ir/tir/stmt.h"

namespace tf::tir {

/// Same kind and structurally equal fields, recursively. Null equals null.
bool structural_equal(const Stmt& a, const Stmt& b);
/// Consistent with structural_equal(Stmt, Stmt).
std::size_t structural_hash(const Stmt& s);

/// A statement node struct (Sequential, LetStmt, ...).
template <typename T>
concept StmtNodeStruct = std::derived_from<T, StmtNode>;

/// Derived handles (Ref<const LetStmt>, ...) forward to the Stmt overloads.
template <StmtNodeStruct A, StmtNodeStruct B>
bool structural_equal(const Ref<const A>& a, const Ref<const B>& b) {
  return structural_equal(Stmt(a), Stmt(b));
}
template <StmtNodeStruct T>
std::size_t structural_hash(const Ref<const T>& s) {
  return structural_hash(Stmt(s));
}

}  // namespace tf::tir
