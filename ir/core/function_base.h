// FunctionBase: what a Module knows of a function, whatever its IR (seed 002 section 2.1,
// upstream docs/spec/core-ir.md), and ExternFunction, a signature-only function.
//
// Design note. A Module holds HIR Functions (Exprs) and TIR PrimFunctions (Stmts) side by
// side. Those derive from their own node bases, each a RefCounted, so FunctionBase is an
// interface rather than a second RefCounted base: an implementation forwards ref_inc /
// ref_dec to its one intrusive count (`void ref_inc() const override { ExprNode::ref_inc();
// }`), and Ref<const FunctionBase> then shares that count with the implementation's own
// handles. The destructor is virtual, so the last handle of either kind deletes the whole
// node. A function's callable type is produced by the function (docs/decisions.md D7: HIR Function
// and TIR PrimFunction alike; parameter names are not part of it,
// TYPES.7.CALLABLE.names-not-in-type).
//
// ExternFunction is the one concrete kind of this layer: a name and a CallableType, no body.
// It stands for a callee declared but not defined here, and lets Module and SymbolRef be
// built and tested before HIR and TIR exist.
#pragma once

#include <string>
#include <string_view>

#include "ir/support/ref.h"
#include "ir/support/result.h"
#include "ir/type/callable_type.h"

namespace tf {

/// A function as a Module sees it: a name and a callable type.
class FunctionBase {
 public:
  virtual ~FunctionBase() = default;

  /// The function's canonical name (a mangled specialization name is allowed).
  virtual const std::string& name() const = 0;
  /// The function's CallableType: parameter types in order, and its return type.
  virtual const CallableTypeRef& callable_type() const = 0;
  /// What kind of function this is, for diagnostics ("extern", later "func", "prim_func").
  virtual std::string_view function_kind() const = 0;

  /// Intrusive count of the implementing node (Ref<const FunctionBase> uses these).
  virtual void ref_inc() const = 0;
  /// Returns true when this was the last reference.
  virtual bool ref_dec() const = 0;

 protected:
  FunctionBase() = default;
  FunctionBase(const FunctionBase&) = default;
  FunctionBase& operator=(const FunctionBase&) = default;
};

/// The handle through which a Module holds its functions.
using FunctionRef = Ref<const FunctionBase>;

/// A declared, bodiless function: a name and a CallableType.
class ExternFunction final : public RefCounted, public FunctionBase {
 public:
  /// Diagnostic (category Type) when `name` is not an identifier or `type` is null.
  static Result<Ref<const ExternFunction>> make(std::string name, CallableTypeRef type);

  const std::string& name() const override { return name_; }
  const CallableTypeRef& callable_type() const override { return type_; }
  std::string_view function_kind() const override { return "extern"; }
  void ref_inc() const override { RefCounted::ref_inc(); }
  bool ref_dec() const override { return RefCounted::ref_dec(); }

 private:
  ExternFunction(std::string name, CallableTypeRef type)
      : name_(std::move(name)), type_(std::move(type)) {}
  std::string name_;
  CallableTypeRef type_;
};

/// Handle to an ExternFunction.
using ExternFunctionRef = Ref<const ExternFunction>;

}  // namespace tf
