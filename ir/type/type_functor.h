// TypeFunctor<R, Args...>: the one kind switch over IR types, for computations with a handler
// per kind (the local projection of a type, its size in elements or bytes).
//
// Design note. As ExprFunctor (ir/core/expr_functor.h): `dispatch(t, args...)` switches on the
// type's kind once and calls the `on` overload for its node struct; every overload is pure, so a
// new entry of type_nodes.def names every functor that must handle it.
#pragma once

#include "ir/support/check.h"
#include "ir/type/callable_type.h"
#include "ir/type/tensor_type.h"
#include "ir/type/tuple_type.h"
#include "ir/type/unit_type.h"

namespace tf {

/// Base of per-kind type computations returning R (design note).
template <typename R, typename... Args>
class TypeFunctor {
 public:
  virtual ~TypeFunctor() = default;

  /// Calls the `on` overload of `t`'s kind.
  R dispatch(const IRTypeNode& t, Args... args) {
    switch (t.kind()) {
#define TF_TYPE_NODE(Name) \
  case TypeKind::Name:     \
    return on(static_cast<const Name&>(t), args...);
#include "ir/type/type_nodes.def"
    }
    TF_UNREACHABLE("bad TypeKind");
  }

 protected:
#define TF_TYPE_NODE(Name) virtual R on(const Name& node, Args... args) = 0;
#include "ir/type/type_nodes.def"
};

}  // namespace tf
