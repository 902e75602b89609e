// Module: the top-level compilation unit (upstream docs/spec/core-ir.md; docs/tfir.md section 2):
// an ordered, name-unique collection of functions and top-level declarations, with an optional
// entry.
//
// Design note. A Module is immutable and built only through `make`, which checks that every
// top-level name (function or declaration) is an identifier and is used once, so that
// `lookup` — the canonical resolution of a SymbolRef — finds at most one function
// (TIR.2.1.SYMREF.resolution-unique). Functions are held through the FunctionBase interface
// (function_base.h): HIR Functions and TIR PrimFunctions side by side, ExternFunctions for
// declared callees. Declarations are the named values the tfir header declares: `dim`,
// `mesh` and `layout` (atoms join when tir.cuda arrives). Order is kept as given; the printer
// reproduces it.
//
// Entry (decision, docs/tfir.md section 2 against upstream's "no default step"): `entry`, when
// given, must name a function; entry_function() returns it, and when it is absent the last
// function, which is what a tfir file without an `entry` line means.
//
// Not modelled yet (upstream docs/spec/core-ir.md has them): child modules, target and topology
// declarations, methods, weights and sealing; they arrive with the layers that need them.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "ir/core/function_base.h"
#include "ir/core/symbol_ref.h"
#include "ir/dim/dim_var.h"
#include "ir/layout/layout_base.h"
#include "ir/layout/mesh.h"
#include "ir/support/result.h"

namespace tf {

/// A named top-level declaration: `dim N = DimVar(...)`, `mesh m = Mesh(...)`,
/// `layout L = ...`.
struct ModuleDecl {
  std::string name;                                 ///< the declared name
  std::variant<DimVarRef, Mesh, LayoutBase> value;  ///< what it names
};

/// An immutable module.
class Module final : public RefCounted {
 public:
  /// The checking factory. Diagnostics (all collected): a null function (category Type); a
  /// function name used twice (TIR.2.1.SYMREF.resolution-unique); a declaration name that is
  /// not an identifier, is used twice or is also a function's name, or a `dim` declaration
  /// whose name is not its DimVar's (category Type); an `entry` that names no function
  /// (category Type). `name` may be empty (an anonymous module) or an identifier.
  static Result<Ref<const Module>> make(std::string name, std::vector<FunctionRef> functions,
                                        std::vector<ModuleDecl> declarations = {},
                                        std::optional<std::string> entry = std::nullopt);

  /// The module's name ("" when anonymous).
  const std::string& name() const { return name_; }
  /// The functions, in order.
  const std::vector<FunctionRef>& functions() const { return functions_; }
  /// The functions' names, in order (what an unknown name is near).
  std::vector<std::string> function_names() const;
  /// The declarations, in order.
  const std::vector<ModuleDecl>& declarations() const { return declarations_; }
  /// The declared entry name, if any.
  const std::optional<std::string>& entry() const { return entry_; }

  /// The function named exactly `name`, or nullptr.
  const FunctionBase* find(std::string_view name) const;
  /// The function named exactly `name` (names compare case-sensitively, exactly as stored).
  /// When there is none: TIR.2.1.SYMREF.name-canonical if a name differs only in case,
  /// otherwise TIR.2.1.SYMREF.resolution-unique; a note lists the module's functions, and
  /// another names the nearest ones ("did you mean: @f", ir/support/nearest_names.h).
  Result<FunctionRef> lookup(std::string_view name) const;
  /// The entry function: the one `entry` names, else the last function. Diagnostic
  /// (category Usage) when the module has no function.
  Result<FunctionRef> entry_function() const;
  /// The declaration named `name`, or nullptr.
  const ModuleDecl* find_declaration(std::string_view name) const;

 private:
  Module(std::string name, std::vector<FunctionRef> f, std::vector<ModuleDecl> d,
         std::optional<std::string> e)
      : name_(std::move(name)),
        functions_(std::move(f)),
        declarations_(std::move(d)),
        entry_(std::move(e)) {}
  std::string name_;
  std::vector<FunctionRef> functions_;
  std::vector<ModuleDecl> declarations_;
  std::optional<std::string> entry_;
};

/// Handle to a Module.
using ModuleRef = Ref<const Module>;

/// Resolves `ref` against `module` (seed 002 section 2.1): the unique function named
/// ref.name (Module::lookup's diagnostics), whose CallableType must equal ref's type
/// structurally (TIR.2.1.SYMREF.type-is-callee-callabletype). Never changes `ref`.
Result<FunctionRef> resolve_symbol(const Module& module, const SymbolRef& ref);

}  // namespace tf
