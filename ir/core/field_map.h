// map_field: a copy of one field value of a node with every child replaced, for the rebuild
// half of the mutators (ir/core/expr_rebuild.cpp, ir/tir/stmt_mutator.cpp).
//
// Design note. A field is copied unless it holds children (the rules of expr_children.h: a
// node handle, a symbolic ShapeDim, a vector or optional of them); each child is passed to the
// replacer `f(child, step)` and the result put in its place. A typed handle (VarRef,
// SequentialRef) must be replaced by a node of the same kind (TF_CHECK: a mutator that puts a
// Call where a binding Var stands is a bug in the mutator); a ShapeDim's new expression goes
// through ShapeDim::from_expr (a constant folds to a static extent). `changed` becomes true
// when any replacement is not the child itself (identity), so an unchanged node is kept
// (Halide's rule: a mutator returns the same node when no child changed).
#pragma once

#include <concepts>
#include <optional>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "ir/core/expr_children.h"
#include "ir/support/check.h"
#include "ir/type/shape_dim.h"

namespace tf {

/// Whether the replacer F handles statements and T is one (F names their base StmtBase).
template <typename F, typename T>
concept ReplacesStatements =
    requires { typename F::StmtBase; } && std::derived_from<T, typename F::StmtBase>;

/// Replacement context of one rebuild: the replacer and the change flag.
template <typename F>
struct FieldMapper {
  F& replace;    ///< `Expr replace(const Expr&, ChildStep)` (and `Stmt` likewise, with StmtBase)
  bool changed;  ///< some child was replaced by another node

  template <typename T>
  T map(const T& value, ChildStep) {
    return value;
  }

  // An expression child (a ShapeOf's VarRef, a Call's operand).
  template <typename T>
    requires std::derived_from<T, ExprNode>
  Ref<const T> map(const Ref<const T>& child, ChildStep step) {
    if (!child) return child;
    return downcast<T>(child, replace(Expr(child), step), step);
  }

  // A statement child, when the replacer handles statements (it names their base StmtBase).
  // The constraint is a concept of both F and T, so that it is checked per call, not when the
  // class is instantiated with an expression-only F (clang rejects `F::StmtBase` there).
  template <typename T>
    requires ReplacesStatements<F, T>
  Ref<const T> map(const Ref<const T>& child, ChildStep step) {
    if (!child) return child;
    using Stmt = Ref<const typename F::StmtBase>;
    return downcast<T>(child, replace(Stmt(child), step), step);
  }

  template <typename T, typename Base>
  Ref<const T> downcast(const Ref<const T>& child, const Ref<const Base>& next, ChildStep step) {
    if (next.get() == child.get()) return child;
    changed = true;
    if constexpr (std::same_as<T, Base>) {
      return next;
    } else {
      TF_CHECK(next && next->template is<T>(),
               "a mutator put another kind of node in the typed field {}", step.field);
      return Ref<const T>(next->template as<T>());
    }
  }

  ShapeDim map(const ShapeDim& d, ChildStep step) {
    if (d.is_static()) return d;
    Expr next = replace(d.expr(), step);
    if (next.get() == d.expr().get()) return d;
    changed = true;
    Result<ShapeDim> dim = ShapeDim::from_expr(next);
    TF_CHECK(dim.ok(), "a mutator put a non-dim expression in the dim field {}", step.field);
    return *dim;
  }

  template <typename T>
  std::optional<T> map(const std::optional<T>& o, ChildStep step) {
    if (!o) return o;
    return map(*o, step);
  }

  template <typename T>
  std::vector<T> map(const std::vector<T>& v, ChildStep step) {
    std::vector<T> out;
    out.reserve(v.size());
    for (std::size_t i = 0; i < v.size(); ++i)
      out.push_back(map(v[i], ChildStep{step.field, static_cast<int>(i)}));
    return out;
  }
};

/// The fields of the node struct `n` with every child mapped by `replace` (in field order, left
/// to right), as a tuple of values; `changed` becomes true when any child was replaced.
template <typename Node, typename F>
auto map_fields(const Node& n, F& replace, bool& changed) {
  FieldMapper<F> mapper{replace, false};
  auto fields = n.structural_fields();
  auto out = [&]<std::size_t... I>(std::index_sequence<I...>) {
    // Brace initialisation evaluates the elements in order.
    return std::tuple<std::decay_t<std::tuple_element_t<I, decltype(fields)>>...>{
        mapper.map(std::get<I>(fields), ChildStep{Node::kFieldNames[I], -1})...};
  }(std::make_index_sequence<std::tuple_size_v<decltype(fields)>>{});
  changed = mapper.changed;
  return out;
}

}  // namespace tf
