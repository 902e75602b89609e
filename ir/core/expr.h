// Expr: the core expression nodes (Constant, Var, Call, DimVar, Tuple, TupleGetItem,
// SymbolRef, ShapeOf) and their common base.
//
// Design note. Every expression is one immutable struct deriving from ExprNode, created only
// through its checking `make`, held by an intrusive `Ref<const T>`; `Expr` is the handle to
// any of them. Every expression carries its IR type (`type`, never null:
// TYPES.1.IRTYPE.expr-type-is-derivation). The kinds are listed once in expr_nodes.def;
// dispatch is a closed `switch` over ExprKind (no RTTI), and `is<T>()` / `as<T>()` test the
// kind tag. Equality on the handle (`==`, `same_as`) is identity; structural equality and
// hashing are in ir/core/structural.h, generated from each node's `structural_fields()` list.
//
// The node structs live in their own headers: constant.h, var.h, call.h, tuple.h (Tuple and
// TupleGetItem), symbol_ref.h, shape_of.h and ir/dim/dim_var.h (DimVar is a core kind because
// dim Calls and shapes take it as an operand).
#pragma once

#include <cstdint>
#include <string_view>

#include "ir/support/ref.h"
#include "ir/type/ir_type.h"

namespace tf {

/// The closed set of expression kinds, one per entry of expr_nodes.def.
enum class ExprKind : std::uint8_t {
#define TF_EXPR_NODE(Name) Name,
#include "ir/core/expr_nodes.def"
};

/// The node name of a kind ("Constant", "Var", "Call", "DimVar", "Tuple", ...).
std::string_view expr_kind_name(ExprKind kind);

/// Base of every expression node: its kind tag and its IR type.
class ExprNode : public RefCounted {
 public:
  ExprNode(const ExprNode&) = delete;
  ExprNode& operator=(const ExprNode&) = delete;
  virtual ~ExprNode() = default;

  /// Which node struct this is.
  ExprKind kind() const { return kind_; }
  /// The expression's IR type: one of TensorType / TupleType / UnitType / CallableType.
  const IRType& type() const { return type_; }

  /// True when this node is a T (T one of the structs of expr_nodes.def).
  template <typename T>
  bool is() const {
    return kind_ == T::kKind;
  }
  /// This node as a T, or nullptr when it is another kind.
  template <typename T>
  const T* as() const {
    return is<T>() ? static_cast<const T*>(this) : nullptr;
  }

 protected:
  /// Precondition (TF_CHECK): `type` is not null.
  ExprNode(ExprKind kind, IRType type);

 private:
  ExprKind kind_;
  IRType type_;
};

/// The handle through which expressions are held and passed.
using Expr = Ref<const ExprNode>;

}  // namespace tf
