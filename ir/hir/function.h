// hir::Function: an HIR function (hir-core section 2.1): a name, parameters as Vars, a body
// Expr and a return type.
//
// Design note. A Function is immutable and built only through `make`, which checks:
//  - the name is an identifier;
//  - every parameter is a non-null tensor-typed Var, and no Var is a parameter twice (a Var is
//    its identity, so two distinct Vars may share a name and a type);
//  - the body is present, and the return type (when given) is structurally equal to the body's
//    type (upstream does not check this; DESIGN.md D6 makes the inferred type authoritative);
//  - same-name DimVars in the parameter shapes agree on their bounds
//    (TYPES.4.DIM.dimvar-signature-bounds-agree; bare DimVar entries, as locate_dim_var sees
//    them).
// Its type is CallableType(return type, parameter types in order): a Function is the producer
// of CallableType (TYPES.7.CALLABLE.function-is-producer); parameter names are not part of the
// type and live on params()[i]->name (TYPES.7.CALLABLE.names-on-function-params). A Function
// implements FunctionBase, so a Module holds it beside extern and TIR functions.
//
// Binding names: HIR has no let; a body is one expression DAG. The names a source gave its
// bindings (`t = mul(x, two)`) are kept beside the body as debug information for the printer
// (BindingNames, never part of equality), so that print -> read -> print keeps them.
//
// Calls target functions through FunctionCall (ir/core/function_call.h), by name. Not yet
// modelled: the specialization variants, converters and sealing of section 2.1.
#pragma once

#include <string>
#include <unordered_map>
#include <vector>

#include "ir/core/function_base.h"
#include "ir/core/var.h"
#include "ir/support/result.h"

namespace tf::hir {

/// The source names of bound values of a body, keyed by node (the body holds every key alive).
using BindingNames = std::unordered_map<const ExprNode*, std::string>;

/// An HIR function.
class Function final : public RefCounted, public FunctionBase {
 public:
  /// The checking factory (design note); `return_type` null means the body's type.
  /// Diagnostics are of category Type unless they name a rule.
  static Result<Ref<const Function>> make(std::string name, std::vector<VarRef> params, Expr body,
                                          IRType return_type = {}, BindingNames names = {});

  const std::string& name() const override { return name_; }
  /// CallableType(return_type(), parameter types).
  const CallableTypeRef& callable_type() const override { return type_; }
  std::string_view function_kind() const override { return "func"; }
  void ref_inc() const override { RefCounted::ref_inc(); }
  bool ref_dec() const override { return RefCounted::ref_dec(); }

  /// The parameters, in order; their names are the parameter names.
  const std::vector<VarRef>& params() const { return params_; }
  /// The body expression (an Expr, never a statement tree: TIR.1.1.STMT.hir-has-no-stmt).
  const Expr& body() const { return body_; }
  /// The declared return type (structurally equal to body()->type()).
  const IRType& return_type() const { return type_->return_type; }
  /// The source names of bound values (possibly empty; debug information).
  const BindingNames& binding_names() const { return names_; }

 private:
  Function(std::string name, std::vector<VarRef> params, Expr body, CallableTypeRef type,
           BindingNames names)
      : name_(std::move(name)),
        params_(std::move(params)),
        body_(std::move(body)),
        type_(std::move(type)),
        names_(std::move(names)) {}
  std::string name_;
  std::vector<VarRef> params_;
  Expr body_;
  CallableTypeRef type_;
  BindingNames names_;
};

/// Handle to a Function.
using HirFunctionRef = Ref<const Function>;

/// `func @name(x: T, ...) -> R { body }` on one line, types in the type printer's spelling.
std::string to_string(const Function& f);

}  // namespace tf::hir
