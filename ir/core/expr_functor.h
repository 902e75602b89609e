// ExprFunctor<R, Args...>: the one kind switch over expressions, for computations that return
// a value per node (an evaluator, a dim evaluator).
//
// Design note (after TVM's ExprFunctor). `dispatch(e, args...)` switches on e's kind once and
// calls the `on` overload for its node struct. Every overload is pure: a class that forgets a
// kind does not compile (it stays abstract), so adding a kind to expr_nodes.def names every
// functor that must handle it. Recursion into children is the subclass's business (it decides
// the order and what a failure stops); walks that only read children use ExprVisitor.
#pragma once

#include "ir/core/expr_children.h"
#include "ir/support/check.h"

namespace tf {

/// Base of per-kind computations returning R (design note).
template <typename R, typename... Args>
class ExprFunctor {
 public:
  virtual ~ExprFunctor() = default;

  /// Calls the `on` overload of `e`'s kind.
  R dispatch(const ExprNode& e, Args... args) {
    switch (e.kind()) {
#define TF_EXPR_NODE(Name) \
  case ExprKind::Name:     \
    return on(static_cast<const Name&>(e), args...);
#include "ir/core/expr_nodes.def"
    }
    TF_UNREACHABLE("bad ExprKind");
  }

 protected:
#define TF_EXPR_NODE(Name) virtual R on(const Name& node, Args... args) = 0;
#include "ir/core/expr_nodes.def"
};

}  // namespace tf
