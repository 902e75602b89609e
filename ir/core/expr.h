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

#include "ir/support/tagged_node.h"
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
class ExprNode : public TaggedNode<ExprKind> {
 public:
  /// The expression's IR type: one of TensorType / TupleType / UnitType / CallableType.
  const IRType& type() const { return type_; }

 protected:
  /// Precondition (TF_CHECK): `type` is not null.
  ExprNode(ExprKind kind, IRType type);

 private:
  IRType type_;
};

/// The handle through which expressions are held and passed.
using Expr = Ref<const ExprNode>;

}  // namespace tf
