// StmtFunctor<R, Args...>: the one kind switch over TIR statements, for computations with a
// handler per kind (a verifier, an evaluator, an emitter).
//
// Design note. `dispatch(s, args...)` switches on s's kind once and calls the `on` overload for
// its node struct. Every overload is pure: a class that forgets a kind does not compile, so a
// new entry of stmt_nodes.def names every functor that must handle it. Recursion is the
// subclass's business; walks that only read children use StmtVisitor.
#pragma once

#include "ir/support/check.h"
#include "ir/tir/stmt_children.h"

namespace tf::tir {

/// Base of per-kind statement computations returning R (design note).
template <typename R, typename... Args>
class StmtFunctor {
 public:
  virtual ~StmtFunctor() = default;

  /// Calls the `on` overload of `s`'s kind.
  R dispatch(const StmtNode& s, Args... args) {
    switch (s.kind()) {
#define TF_STMT_NODE(Name) \
  case StmtKind::Name:     \
    return on(static_cast<const Name&>(s), args...);
#include "ir/tir/stmt_nodes.def"
    }
    TF_UNREACHABLE("bad StmtKind");
  }

 protected:
#define TF_STMT_NODE(Name) virtual R on(const Name& node, Args... args) = 0;
#include "ir/tir/stmt_nodes.def"
};

}  // namespace tf::tir
