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
//
// Kinds. There are exactly three concrete functions, ExternFunction, hir::Function and
// tir::PrimFunction. Each declares `static constexpr FunctionKind kFunctionKind` and hands it to
// FunctionBase's constructor, which stores it: kind() is a plain read. Code that must tell them
// apart asks `f->as<hir::Function>()` (the function as that class, or nullptr when it is another
// kind) or `f->is<tir::PrimFunction>()`, and `function_as<T>(p)` when p may be null (as
// Module::find's answer); never dynamic_cast (tools/layering checks the tree for one). as<T> is
// a static_cast after the kind test, which is sound because each concrete class derives from
// FunctionBase directly, non-virtually and once. function_kind(), the diagnostic spelling
// ("extern", "func", "prim_func"), is function_kind_name(kind()). The kind is stored rather than
// virtual because a PrimFunction is also a Stmt, whose own kind() (a StmtKind) a PrimFunction
// keeps; its FunctionKind is read through FunctionBase.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>

#include "ir/support/ref.h"
#include "ir/support/result.h"
#include "ir/type/callable_type.h"

namespace tf {

/// Which concrete class a FunctionBase is (design note "Kinds"): Extern is ExternFunction, Hir
/// is hir::Function, Tir is tir::PrimFunction. One kind, one class.
enum class FunctionKind : std::uint8_t { Extern, Hir, Tir };

/// The diagnostic spelling of `kind`: "extern", "func" or "prim_func" (the tfir keywords).
std::string_view function_kind_name(FunctionKind kind);

/// A function as a Module sees it: a name and a callable type.
class FunctionBase {
 public:
  virtual ~FunctionBase() = default;

  /// The function's canonical name (a mangled specialization name is allowed).
  virtual const std::string& name() const = 0;
  /// The function's CallableType: parameter types in order, and its return type.
  virtual const CallableTypeRef& callable_type() const = 0;
  /// Which concrete class this is: the class's kFunctionKind.
  FunctionKind kind() const { return kind_; }
  /// What kind of function this is, for diagnostics: function_kind_name(kind()).
  std::string_view function_kind() const { return function_kind_name(kind()); }

  /// True when this is a T (ExternFunction, hir::Function or tir::PrimFunction).
  template <typename T>
  bool is() const {
    static_assert(std::is_base_of_v<FunctionBase, T>, "as<T> / is<T>: T is a function class");
    return kind() == T::kFunctionKind;
  }
  /// This function as a T, or nullptr when it is another kind (the checked downcast; design
  /// note "Kinds").
  template <typename T>
  const T* as() const {
    return is<T>() ? static_cast<const T*>(this) : nullptr;
  }

  /// Intrusive count of the implementing node (Ref<const FunctionBase> uses these).
  virtual void ref_inc() const = 0;
  /// Returns true when this was the last reference.
  virtual bool ref_dec() const = 0;

 protected:
  /// `kind` is the concrete class's kFunctionKind.
  explicit FunctionBase(FunctionKind kind) : kind_(kind) {}
  FunctionBase(const FunctionBase&) = default;
  FunctionBase& operator=(const FunctionBase&) = default;

 private:
  FunctionKind kind_;
};

/// The handle through which a Module holds its functions.
using FunctionRef = Ref<const FunctionBase>;

/// `f->as<T>()` for a pointer that may be null (Module::find's answer): nullptr when `f` is null
/// or another kind.
template <typename T>
const T* function_as(const FunctionBase* f) {
  return f != nullptr ? f->as<T>() : nullptr;
}

/// A declared, bodiless function: a name and a CallableType.
class ExternFunction final : public RefCounted, public FunctionBase {
 public:
  static constexpr FunctionKind kFunctionKind = FunctionKind::Extern;

  /// Diagnostic (category Type) when `name` is not an identifier or `type` is null.
  static Result<Ref<const ExternFunction>> make(std::string name, CallableTypeRef type);

  const std::string& name() const override { return name_; }
  const CallableTypeRef& callable_type() const override { return type_; }
  void ref_inc() const override { RefCounted::ref_inc(); }
  bool ref_dec() const override { return RefCounted::ref_dec(); }

 private:
  ExternFunction(std::string name, CallableTypeRef type)
      : FunctionBase(kFunctionKind), name_(std::move(name)), type_(std::move(type)) {}
  std::string name_;
  CallableTypeRef type_;
};

/// Handle to an ExternFunction.
using ExternFunctionRef = Ref<const ExternFunction>;

}  // namespace tf
