// DeclaredNames: the file's declared meshes, layouts and atoms, by name, so that a printer spells
// an attribute value that equals a declared one as its name (`layout=Lg`, `mesh=cta1`,
// `atom=A0`) instead of spelling the value out: what a reader of docs/tfir.md's examples expects,
// and what makes print -> read -> print keep them.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "ir/core/attr_value.h"
#include "ir/text/module_reader.h"
#include "ir/tir/tir_print.h"

namespace tf::text {

/// Declared values by name, in declaration order (the first equal one names a value): the TIR
/// printer's PrintNames, shared so that both printers name values alike.
using DeclaredNames = tir::PrintNames;

/// The declared names of `file`, with atoms resolved by `atoms` (name -> atom).
DeclaredNames declared_names(const ParsedFile& file, const std::vector<std::pair<std::string, Atom>>& atoms);

}  // namespace tf::text
