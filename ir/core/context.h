// Context: what a program's meaning depends on besides its text, owned together: the op
// registry, the handler tables of every kind (typeinfer, verify, eval HIR, and the coming eval
// TIR, lower and emit), and the atom factory.
//
// Design note (MLIR's MLIRContext). Nothing reaches a process-wide table behind its caller's
// back: the reader, the verifiers, type inference and the evaluators are handed the Context,
// or its handler tables, they work in, so two Contexts never mix and a test can build one with
// only the families it needs. A Context starts with the core families (the builtin dim ops,
// op.h, and their handlers); each layer above adds its own through explicit register_...
// functions (text::register_all_ops for every IR family and the MMA atoms,
// eval::register_hir_eval for the evaluator's handlers). Ops are identified by their
// registered entry (Op::code_in), never by name.
#pragma once

#include <string>

#include "ir/core/atom.h"
#include "ir/core/op.h"
#include "ir/core/op_handlers.h"
#include "ir/support/result.h"

namespace tf {

/// An op registry, its handler tables and an atom factory (design note). Not copyable: ops
/// and IR built in it point into it, so it must outlive them.
class Context {
 public:
  /// A Context holding the core families and their handlers, and no atom factory.
  Context();
  Context(const Context&) = delete;
  Context& operator=(const Context&) = delete;

  /// The op registry.
  OpRegistry& registry() { return registry_; }
  const OpRegistry& registry() const { return registry_; }
  /// The handler tables over registry().
  OpHandlers& handlers() { return handlers_; }
  const OpHandlers& handlers() const { return handlers_; }

  /// Sets the factory that builds declared atoms (replacing any earlier one).
  void set_atom_factory(AtomFactory factory) { atoms_ = std::move(factory); }
  /// The atom of `op_name`, or a diagnostic (category Usage) when no factory is set, or the
  /// factory's diagnostics when it does not know the name.
  Result<Atom> make_atom(const std::string& op_name) const;
  /// Whether an atom factory is set.
  bool has_atom_factory() const { return static_cast<bool>(atoms_); }

 private:
  OpRegistry registry_;
  OpHandlers handlers_{registry_};
  AtomFactory atoms_;
};

}  // namespace tf
