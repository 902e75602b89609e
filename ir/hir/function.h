// hir::Function: an HIR function (upstream docs/spec/hir.md, `Function`): a name, parameters as
// Vars, a body Expr and a return type.
//
// Design note. A Function is immutable and built only through `make`, which checks:
//  - the name is an identifier;
//  - every parameter is a non-null tensor-typed Var, and no Var is a parameter twice (a Var is
//    its identity, so two distinct Vars may share a name and a type);
//  - the body is present, and the return type (when given) is structurally equal to the body's
//    type (upstream does not check this; docs/decisions.md D6 makes the inferred type
//    authoritative);
//  - same-name DimVars in the parameter shapes agree on their bounds
//    (TYPES.4.DIM.dimvar-signature-bounds-agree; bare DimVar entries, as locate_dim_var sees
//    them).
// Its type is CallableType(return type, parameter types in order): a Function is the producer
// of CallableType (TYPES.7.CALLABLE.function-is-producer); parameter names are not part of the
// type and live on params()[i]->name (TYPES.7.CALLABLE.names-on-function-params). A Function
// implements FunctionBase, so a Module holds it beside extern and TIR functions.
//
// Binding names: HIR has no let; a body is one expression DAG. The names a source gave its
// bindings (`t = mul(x, two)`) and their places live on the nodes themselves
// (ExprNode::binding(), ir/core/binding_info.h; a parameter's Var carries its place): debug
// information, never part of equality, which the printer writes back (print -> read -> print
// keeps them) and later stages' diagnostics point at. A rewrite keeps them by keeping or
// rebuilding the nodes (ExprMutator), so a Function holds no table of them.
//
// Calls target functions through FunctionCall (ir/core/function_call.h), by name.
//
// Dispatch (upstream docs/spec/hir.md; docs/tfir.md section 5). A Function has exactly one of three
// shapes:
//  - normal (`make`): a body, no specializations, no variants;
//  - dispatch prototype (`make_prototype`): no body, the variants in source order; its type is
//    its declared signature, which calls of it are typed by (FunctionCall);
//  - variant (`make_variant`): a body and exactly one DimVarRangePat specialization, no variants.
// Decision (naming): upstream gives a variant its base's name and keeps the display label
// apart; here a variant is named by its label (`specialize f(...) as f_small`) and records
// its base's name (`base_name() == "f"`). A variant is then a module-level function a call
// `@f_small(...)` or a TIR SymbolRef names unambiguously (TIR.2.1.SYMREF.variants-distinct-names);
// "same name as the base" becomes "base_name() is the base's name".
// Decision (module membership): a Module holds the prototype, and each of its variants as a
// function of its own too (the same object), so Module::find / lookup resolve `@f_small`
// unchanged; verify_module verifies a variant through its base, once.
// The factories check what one node sees locally (shapes above, a variant's body against its
// return type); how a variant relates to its base — signature, base name, the partition of
// the DimVar envelope — is verify_function's (ir/verify/hir_dispatch_verify.h), so a pass that
// builds a broken prototype is reported there. A prototype with no variant yet is buildable
// (upstream's transient authoring state); verify_module rejects it. Not yet modelled:
// converters and sealing of section 2.1.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ir/core/function_base.h"
#include "ir/core/pattern.h"
#include "ir/core/var.h"
#include "ir/dim/dim_var.h"
#include "ir/support/result.h"

namespace tf::hir {

/// How deep HIR function calls nest, the function run counted: the HIR evaluator's bound (a
/// deeper chain is its eval error, docs/hir-semantics.md), which the lowering keeps too (a
/// lowered program must not compute a value HIR does not have).
inline constexpr int kMaxCallNesting = 200;

/// An HIR function.
class Function final : public RefCounted, public FunctionBase {
 public:
  static constexpr FunctionKind kFunctionKind = FunctionKind::Hir;

  /// The checking factory (design note); `return_type` null means the body's type.
  /// Diagnostics are of category Type unless they name a rule.
  static Result<Ref<const Function>> make(std::string name, std::vector<VarRef> params, Expr body,
                                          IRType return_type = {});
  /// A dispatch prototype: `name` and the signature, no body; `return_type` is required and
  /// every variant must be one (is_variant()). The parameter checks are make's.
  static Result<Ref<const Function>> make_prototype(std::string name, std::vector<VarRef> params,
                                                    IRType return_type,
                                                    std::vector<Ref<const Function>> variants);
  /// A variant of the prototype named `base_name`, selected by `pattern` (a DimVarRangePat).
  /// The body and return type are checked as make's.
  static Result<Ref<const Function>> make_variant(std::string name, std::string base_name,
                                                  std::vector<VarRef> params, Expr body,
                                                  IRType return_type, Pattern pattern);

  const std::string& name() const override { return name_; }
  /// CallableType(return_type(), parameter types).
  const CallableTypeRef& callable_type() const override { return type_; }
  void ref_inc() const override { RefCounted::ref_inc(); }
  bool ref_dec() const override { return RefCounted::ref_dec(); }

  /// The parameters, in order; their names are the parameter names.
  const std::vector<VarRef>& params() const { return params_; }
  /// The body expression (an Expr, never a statement tree: TIR.1.1.STMT.hir-has-no-stmt);
  /// null for a prototype.
  const Expr& body() const { return body_; }
  /// The declared return type (structurally equal to body()->type() when there is a body).
  const IRType& return_type() const { return type_->return_type; }

  /// A variant's one DimVarRangePat; empty for a normal function and a prototype.
  const std::vector<Pattern>& specializations() const { return specializations_; }
  /// A prototype's variants, in source order; empty otherwise.
  const std::vector<Ref<const Function>>& variants() const { return variants_; }
  /// A variant's base (its prototype's name); empty otherwise.
  const std::string& base_name() const { return base_name_; }
  /// Built by make_prototype: no body (with or without variants yet).
  bool is_prototype() const { return !body_; }
  /// Built by make_variant: a body and one specialization.
  bool is_variant() const { return !specializations_.empty(); }

 private:
  Function(std::string name, std::vector<VarRef> params, Expr body, CallableTypeRef type)
      : FunctionBase(kFunctionKind),
        name_(std::move(name)),
        params_(std::move(params)),
        body_(std::move(body)),
        type_(std::move(type)) {}
  std::string name_;
  std::vector<VarRef> params_;
  Expr body_;
  CallableTypeRef type_;
  std::string base_name_;
  std::vector<Pattern> specializations_;
  std::vector<Ref<const Function>> variants_;
};

/// Handle to a Function.
using HirFunctionRef = Ref<const Function>;

/// Where a dispatch subject lives: parameter `param`, shape axis `axis`, and its DimVar.
struct DimLocation {
  std::size_t param = 0;
  std::size_t axis = 0;
  const DimVar* var = nullptr;
};

/// The first bare DimVar shape entry named `name` (params ascending, axes ascending): the one
/// canonical dispatch-subject rule (upstream's locate_dim_var). A DimVar inside dim
/// arithmetic is not found.
std::optional<DimLocation> locate_dim_var(const std::vector<VarRef>& params,
                                          std::string_view name);

/// A variant's canonical specialization signature: `<dim>$<lo>_<hi>` per pattern, joined by
/// `;` (unique among a base's variants, as upstream requires); "" for a non-variant.
std::string specialization_signature(const Function& f);

/// `func @name(x: T, ...) -> R { body }` on one line, types in the type printer's spelling; a
/// prototype ends `prototype [@v0, @v1]`, a variant starts `specialize @base(pattern) as`.
std::string to_string(const Function& f);

}  // namespace tf::hir
