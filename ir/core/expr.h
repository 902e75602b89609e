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
// Beside its fields a node may carry the binding it came from (binding_info.h: a source name and
// place, debug information), which is no field: equality, hashing and printing never see it.
//
// The node structs live in their own headers: constant.h, var.h, call.h, tuple.h (Tuple and
// TupleGetItem), symbol_ref.h, shape_of.h and ir/dim/dim_var.h (DimVar is a core kind because
// dim Calls and shapes take it as an operand).
#pragma once

#include <cstdint>
#include <string_view>

#include "ir/core/binding_info.h"
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

class ExprNode;

/// Gives `e` the binding `info` unless it has one already (the first binding of a value keeps
/// its own), and says whether it did. The one write an expression node ever takes, so only for a
/// node its builder has not shared yet (binding_info.h): the reader binding the values it has just
/// read, rebuild_with the node it has just made. Precondition (TF_CHECK): `info` is not null.
bool attach_binding(const ExprNode& e, BindingInfoRef info);

/// Base of every expression node: its kind tag, its IR type, and the binding it came from.
class ExprNode : public TaggedNode<ExprKind> {
 public:
  /// The expression's IR type: one of TensorType / TupleType / UnitType / CallableType.
  const IRType& type() const { return type_; }
  /// The binding this value came from (its source name and place; debug information, no part
  /// of equality or hashing), or null.
  const BindingInfo* binding() const { return binding_.get(); }
  /// The source name of the binding this value came from, or "" (none, or a parameter's place).
  std::string_view binding_name() const {
    return binding_ ? std::string_view(binding_->name) : std::string_view();
  }

 protected:
  /// Precondition (TF_CHECK): `type` is not null.
  ExprNode(ExprKind kind, IRType type);

 private:
  friend bool attach_binding(const ExprNode& e, BindingInfoRef info);

  IRType type_;
  mutable BindingInfoRef binding_;  ///< written once, by attach_binding, before the node is shared
};

/// The handle through which expressions are held and passed.
using Expr = Ref<const ExprNode>;

}  // namespace tf
