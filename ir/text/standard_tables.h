// The op families and atoms a tfir program may use, in one place: what `tf` reads with, what the
// fuzzers generate against, and what the tests read with.
#pragma once

#include "ir/core/op_handlers.h"
#include "ir/text/body_environment.h"
#include "ir/text/file_reader.h"

namespace tf::text {

/// Registers every op family of the project in `registry` and `handlers` (which must index it):
/// core and dim, hir.math, hir.tensor, hir.nn, hir.cuda.nn, hir.sharding, and the TIR ops.
/// Idempotent.
void register_all_ops(OpRegistry& registry, OpHandlers& handlers);

/// Builds a declared `atom A = cuda.mma.atom(op=NAME)` from the TIR MMA catalogue.
AtomFactory mma_atom_factory();

/// A registry and handler tables holding every family (register_all_ops), owned together.
struct StandardTables {
  OpRegistry registry;
  OpHandlers handlers{registry};
  StandardTables() { register_all_ops(registry, handlers); }
  StandardTables(const StandardTables&) = delete;
  StandardTables& operator=(const StandardTables&) = delete;

  /// Reader options over these tables, with the MMA atom factory.
  ReadOptions read_options() const { return ReadOptions{.handlers = &handlers, .atoms = mma_atom_factory()}; }
};

/// One StandardTables for the process, built on first use and never destroyed (tests and tools
/// that want tables apart from the global ones).
const StandardTables& standard_tables();

}  // namespace tf::text
