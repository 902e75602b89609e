// @intrinsic: user-defined effect statements (seed 002 section 1.8).
//
// Design note. Python's @intrinsic synthesises a Stmt subclass from a decorated function's
// signature, registers the body as its verifier and wires the parser under the function's
// snake-case name. In C++ the "subclass" is a descriptor: an IntrinsicDef (name, parameter
// names, verify function) registered once in an IntrinsicRegistry, and one statement kind,
// Intrinsic, that holds its descriptor and one Expr argument per parameter
// (TIR.1.8.INTRINSIC.synthesizes-stmt). So:
//  - every parameter is an Expr by construction: the arguments are a std::vector<Expr>, and a
//    parameter of another type cannot be declared (TIR.1.8.INTRINSIC.params-annotated-expr);
//  - an intrinsic returns nothing: the statement has no result, and the verify function returns
//    only diagnostics (TIR.1.8.INTRINSIC.return-none);
//  - the verify function is the intrinsic's body, run by verify_intrinsic (and by the TIR
//    verifier on every Intrinsic statement) (TIR.1.8.INTRINSIC.body-is-verifier);
//  - the name is snake_case and is the key the parser dispatches on: registry.find(name)
//    (TIR.1.8.INTRINSIC.parser-snake-case). Statement keywords of docs/tfir.md section 6 are
//    refused.
// Registration is explicit: nothing is registered globally by the library; a registry is
// created by its user (tests make their own).
#pragma once

#include <deque>
#include <mutex>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "ir/support/field_names.h"
#include "ir/core/expr.h"
#include "ir/support/result.h"
#include "ir/tir/stmt.h"

namespace tf::tir {

struct Intrinsic;
/// The statement an intrinsic's verify function receives (the seed's synthesised subclass).
using IntrinsicStmt = Intrinsic;

/// An intrinsic's verifier: every diagnostic for one statement (empty when it is well formed).
using IntrinsicVerifyFn = std::vector<Diagnostic> (*)(const IntrinsicStmt& stmt);

/// A registered intrinsic; owned by its IntrinsicRegistry, never moved or changed.
struct IntrinsicDef {
  std::string name;                 ///< snake_case; the tfir statement spelling
  std::vector<std::string> params;  ///< parameter names, in order (each an Expr)
  IntrinsicVerifyFn verify = nullptr;
};

/// True for a snake_case identifier: `[a-z_][a-z0-9_]*`.
bool is_snake_case(std::string_view name);

/// Owns intrinsic descriptors and finds them by name. Thread-safe.
class IntrinsicRegistry {
 public:
  IntrinsicRegistry() = default;
  IntrinsicRegistry(const IntrinsicRegistry&) = delete;
  IntrinsicRegistry& operator=(const IntrinsicRegistry&) = delete;

  /// Registers an intrinsic. Registering an identical one again returns the existing
  /// descriptor. Diagnostic (category Usage) when the name is not snake_case
  /// (TIR.1.8.INTRINSIC.parser-snake-case) or is a TIR statement keyword, a parameter name is
  /// not an identifier or is repeated, verify is null, or the name is taken by a different
  /// intrinsic.
  Result<const IntrinsicDef*> add(std::string name, std::vector<std::string> params,
                                  IntrinsicVerifyFn verify);
  /// The intrinsic registered under `name`, or nullptr (the parser's dispatch).
  const IntrinsicDef* find(std::string_view name) const;
  /// Number of registered intrinsics.
  std::size_t size() const;

 private:
  mutable std::mutex mutex_;
  std::deque<IntrinsicDef> defs_;  // a deque keeps descriptor addresses stable
};

/// `name(args)`: one invocation of a registered intrinsic.
struct Intrinsic final : StmtNode {
  static constexpr StmtKind kKind = StmtKind::Intrinsic;

  const IntrinsicDef* def;  ///< the descriptor (compared by identity)
  std::vector<Expr> args;   ///< one per parameter, in order

  /// Diagnostic (category Type) when def is null, an argument is null, or the argument count is
  /// not the parameter count.
  static Result<Ref<const Intrinsic>> make(const IntrinsicDef* def, std::vector<Expr> args,
                                           Loc loc = std::nullopt);

  /// The argument bound to parameter `name` (precondition, TF_CHECK: def has it).
  const Expr& arg(std::string_view name) const;

  /// The names of the fields of structural_fields(), in order (ir/support/field_names.h).
  static constexpr FieldNames<2> kFieldNames{"def", "args"};

  /// The field list from which structural equality and hashing are generated.
  auto structural_fields() const { return std::tie(def, args); }

 private:
  Intrinsic(const IntrinsicDef* d, std::vector<Expr> a, Loc loc)
      : StmtNode(kKind, std::move(loc)), def(d), args(std::move(a)) {}
};

/// Handle to an Intrinsic.
using IntrinsicRef = Ref<const Intrinsic>;

/// Runs the intrinsic's verify function on `stmt`.
std::vector<Diagnostic> verify_intrinsic(const Intrinsic& stmt);

}  // namespace tf::tir
