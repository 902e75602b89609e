// Structural equality and hashing of expressions and types (docs/architecture.md).
//
// Design note. Nothing here is written per node: structural.cpp switches over the kind lists
// (expr_nodes.def, type_nodes.def) and compares / hashes each node's `structural_fields()`
// tuple field by field, with one overload per field *type* (int64, string, DType, Op,
// StorageKind, LayoutBase, ShapeDim, Expr, IRType, optional, vector, variant). Adding a node
// or a field therefore cannot leave equality and hashing out of step (the bug class of TVM PR
// #11073). Identical handles are equal without a walk; a DimVar, canonical per (name, lo, hi),
// is equal only to itself. Doubles compare by bits.
#pragma once

#include <concepts>
#include <cstddef>

#include "ir/core/expr.h"
#include "ir/core/pattern.h"
#include "ir/type/ir_type.h"

namespace tf {

/// Same kind and structurally equal fields, recursively (types included). Null equals null.
bool structural_equal(const Expr& a, const Expr& b);
/// Consistent with structural_equal(Expr, Expr).
std::size_t structural_hash(const Expr& e);

/// Same kind and structurally equal fields, recursively. Null equals null.
bool structural_equal(const IRType& a, const IRType& b);
/// Consistent with structural_equal(IRType, IRType).
std::size_t structural_hash(const IRType& t);

/// An expression node struct (Constant, Var, Call, ...) or a type node struct. (Patterns have
/// their own structural_equal / structural_hash, declared in pattern.h.)
template <typename T>
concept ExprNodeStruct = std::derived_from<T, ExprNode>;
template <typename T>
concept TypeNodeStruct = std::derived_from<T, IRTypeNode>;

// Derived handles (Ref<const TensorType>, Ref<const Call>, ...) convert to both Expr and
// IRType as far as overload resolution can tell, so these forward them explicitly.
template <ExprNodeStruct A, ExprNodeStruct B>
bool structural_equal(const Ref<const A>& a, const Ref<const B>& b) {
  return structural_equal(Expr(a), Expr(b));
}
template <TypeNodeStruct A, TypeNodeStruct B>
bool structural_equal(const Ref<const A>& a, const Ref<const B>& b) {
  return structural_equal(IRType(a), IRType(b));
}
template <ExprNodeStruct T>
std::size_t structural_hash(const Ref<const T>& e) {
  return structural_hash(Expr(e));
}
template <TypeNodeStruct T>
std::size_t structural_hash(const Ref<const T>& t) {
  return structural_hash(IRType(t));
}

/// Hash functor and equality functor for unordered containers keyed structurally.
struct StructuralHash {
  std::size_t operator()(const Expr& e) const { return structural_hash(e); }
  std::size_t operator()(const IRType& t) const { return structural_hash(t); }
};
struct StructuralEqual {
  bool operator()(const Expr& a, const Expr& b) const { return structural_equal(a, b); }
  bool operator()(const IRType& a, const IRType& b) const { return structural_equal(a, b); }
};

}  // namespace tf
