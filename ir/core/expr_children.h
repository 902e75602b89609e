// The children of an expression node, read from its named field list (ir/support/field_names.h).
//
// Design note. A child is every Expr a node holds in a field: an Expr or typed handle
// (Ref<const Var>, ...), each element of a vector or optional of them, and the expression of a
// symbolic ShapeDim (a loop's start / stop / step). Binding sites are children too (a loop's
// induction and carried Vars come first, in field order). The IR type of a node is not a child:
// types are their own family. A child's step names its field and, inside a vector, its index:
// the step of an IR path (`.args[1]`, `.elements[0]`, `.body`). This is the one place that
// knows how to find children; the visitors, mutators and IR paths build on it.
#pragma once

#include <concepts>
#include <cstdint>
#include <optional>
#include <string_view>
#include <type_traits>
#include <unordered_set>
#include <vector>

#include "ir/core/call.h"
#include "ir/core/constant.h"
#include "ir/core/expr.h"
#include "ir/core/function_call.h"
#include "ir/core/grid_region.h"
#include "ir/core/shape_of.h"
#include "ir/core/symbol_ref.h"
#include "ir/core/tuple.h"
#include "ir/core/var.h"
#include "ir/dim/dim_var.h"
#include "ir/support/field_names.h"
#include "ir/type/shape_dim.h"

namespace tf {

/// What a child is to its parent, from the type of the field that holds it.
enum class ChildRole : std::uint8_t {
  Operand,   ///< an Expr field: a value the node consumes (an argument, a tuple element, a body)
  TypedRef,  ///< a typed handle field (VarRef): a binding site, or a reference to a parameter
  Dim,       ///< the expression of a symbolic ShapeDim field (a loop's bounds)
  Stmt,      ///< a statement (TIR walks only)
};

/// Where a child sits in its parent: the field's name and, for a vector element, its index
/// (-1 otherwise), and its role. Cheap to record; spelled `.field` or `.field[index]` in an IR
/// path.
struct ChildStep {
  std::string_view field;
  int index = -1;
  ChildRole role = ChildRole::Operand;
};

namespace detail {

// Fields that hold no expression.
template <typename T, typename F>
void each_child_of_field(const T&, ChildStep, F&) {}

template <typename T, typename F>
  requires std::derived_from<T, ExprNode>
void each_child_of_field(const Ref<const T>& e, ChildStep step, F& f) {
  step.role = std::same_as<T, ExprNode> ? ChildRole::Operand : ChildRole::TypedRef;
  if (e) f(Expr(e), step);
}

// A statement child, when the callback takes statements (it names their base StmtBase).
template <typename T, typename F>
  requires requires { typename std::decay_t<F>::StmtBase; } &&
           std::derived_from<T, typename std::decay_t<F>::StmtBase>
void each_child_of_field(const Ref<const T>& s, ChildStep step, F& f) {
  using Stmt = Ref<const typename std::decay_t<F>::StmtBase>;
  step.role = ChildRole::Stmt;
  if (s) f(Stmt(s), step);
}

template <typename F>
void each_child_of_field(const ShapeDim& d, ChildStep step, F& f) {
  step.role = ChildRole::Dim;
  if (!d.is_static()) f(d.expr(), step);
}

template <typename T, typename F>
void each_child_of_field(const std::optional<T>& o, ChildStep step, F& f) {
  if (o) each_child_of_field(*o, step, f);
}

template <typename T, typename F>
void each_child_of_field(const std::vector<T>& v, ChildStep step, F& f) {
  for (std::size_t i = 0; i < v.size(); ++i)
    each_child_of_field(v[i], ChildStep{step.field, static_cast<int>(i), step.role}, f);
}

}  // namespace detail

/// Calls `f(child, step)` for each child of the node struct `node`, in field order. When F
/// declares `using StmtBase = tir::StmtNode`, statement children are passed to it too (the TIR
/// walks, ir/tir/stmt_children.h).
template <typename Node, typename F>
void for_each_child_of(const Node& node, F&& f) {
  for_each_named_field(node, [&](std::string_view name, const auto& value) {
    detail::each_child_of_field(value, ChildStep{name, -1}, f);
  });
}

/// Calls `f(child, step)` for each child of `e`, in field order (design note).
template <typename F>
void for_each_child(const ExprNode& e, F&& f) {
  switch (e.kind()) {
#define TF_EXPR_NODE(Name)                                         \
  case ExprKind::Name:                                             \
    for_each_child_of(static_cast<const Name&>(e), f);             \
    return;
#include "ir/core/expr_nodes.def"
  }
}

/// Calls `f(node)` once for every node reachable from `root` through children (a node the DAG
/// shares once), iteratively: as deep an expression as the reader accepts never overflows the
/// stack. The order is unspecified.
template <typename F>
void for_each_node(const ExprNode& root, F&& f) {
  std::unordered_set<const ExprNode*> seen;
  std::vector<const ExprNode*> work{&root};
  while (!work.empty()) {
    const ExprNode* e = work.back();
    work.pop_back();
    if (!seen.insert(e).second) continue;
    f(*e);
    for_each_child(*e, [&](const Expr& child, const ChildStep&) {
      if (child) work.push_back(child.get());
    });
  }
}

/// The operands of `e` (its children of role Operand), in field order: what a printer binds
/// before `e` (a loop's inits, body and yields; not its binders or dims).
std::vector<Expr> operands_of(const ExprNode& e);

}  // namespace tf
