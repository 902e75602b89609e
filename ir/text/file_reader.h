// Reading a whole tfir file into a Module: declarations, signatures, then every function body
// (docs/tfir.md sections 2, 5 and 6), and printing it back in canonical form.
//
// Design note. Reading is in two passes so that a function may call any function of the file
// (`@name`), whatever their order: first every item's signature, then every body. Each body is
// read independently, so one broken function does not hide the diagnostics of another. `case`
// items are kept verbatim for the conformance runner. A `func ... prototype` item and the
// `specialize BASE(pattern) as NAME(...)` items naming it (in any order in the file) build one
// dispatch prototype whose variants keep their source order; a specialize whose BASE is not a
// prototype of the file is an error at BASE. Each variant is also a module function (so
// `@NAME(...)` resolves) placed right before its prototype (hir::Function's design note), and
// prints after the prototype's line. Ops resolve in the Context the caller passes, and atoms
// (`atom A0 = cuda.mma.atom(op=...)`) are built by its atom factory (the TIR layer's); in a
// Context without one, an atom used as an attribute is an error.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "ir/core/context.h"
#include "ir/core/module.h"
#include "ir/support/result.h"
#include "ir/text/body_environment.h"
#include "ir/text/declared_names.h"
#include "ir/text/module_reader.h"

namespace tf::text {

/// A file read into IR.
struct ReadFile {
  ParsedFile file;                                 ///< declarations, items, tokens
  ModuleRef module;                                ///< every function, in file order
  DeclaredNames names;                             ///< for printing attributes by name
  std::map<std::string, Signature> signatures;     ///< every function's signature
  const Context* context = nullptr;                ///< the Context it was read in
};

/// Reads `source` with ops and atoms from `context` (which must outlive the result). Fails with
/// every positioned diagnostic of every part of the file.
Result<ReadFile> read_file(std::string_view source, const std::string& file_name,
                           const Context& context);

/// The canonical text of a file read by read_file: `tfir 1`, the declarations, each function
/// printed from its IR, each case verbatim; read_file(print_file(f)) prints back the same text.
std::string print_file(const ReadFile& f);

/// The tfir text of `module`, a pass's result from the module of `f`: f's declarations, then the
/// module's declarations f lacks (a pass may add meshes and layouts), then each function of the
/// module in order, printed from its IR. Cases are not kept. Reads back (read_file) to a module
/// that prints the same.
std::string print_derived_module(const ReadFile& f, const Module& module);

}  // namespace tf::text
