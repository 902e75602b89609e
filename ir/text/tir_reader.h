// Reading a `prim_func` item's body into a TIR PrimFunction (docs/tfir.md section 6):
//   let v[: T] = value            LetStmt; its body is the rest of the block, or `{ ... }` after it
//   for i in range(a, b, s) { }   while cond { }   if cond { } else { }
//   with MESH as m { }            MeshScope; MESH is a mesh expression, a declared mesh, an
//                                 enclosing `with` name or a static slice of one
//   copy(a, b)                    Evaluate of an effect op (`sync(m)`: the mesh written
//                                 positionally; `reduce(src, dst, ...)` without a workspace)
//   @callee(args)                 Evaluate of a SymbolRef
//   launch(@k, gx, gy, gz, bx, by, bz, args..., cluster=..., dynamic_smem=...)
//   dispatch "f" on (ShapeOf(a, 0)) { case (DimVarRangePat("N", 1, 65)) => @f_small(a, out)
//                                     fallback { abort } }
//   abort "message"   abort   return
// Values are built by value_builder.h in the TIR dialect. The reader builds what is written and
// leaves every rule of seed 002 sections 1.3-2.3 to verify_prim_function: a let whose declared
// type differs from its value's, an alloc_tensor nested in an operand, a mesh out of scope all
// read, so that the verifier reports them with their rule ids. A let without braces takes the
// rest of its block and is read without recursion; lets nest at most tir::kMaxLetNesting deep
// (ir/tir/stmt_walk.h; the next one is a positioned error) for the passes that still recurse
// once per level.
#pragma once

#include <map>

#include "ir/support/result.h"
#include "ir/text/body_environment.h"
#include "ir/text/module_reader.h"
#include "ir/text/signature_reader.h"
#include "ir/tir/prim_function.h"

namespace tf::text {

/// The PrimFunction of the prim_func item `item` whose signature is `sig`.
Result<tir::PrimFunctionRef> read_prim_function(const ParsedFile& file, const SkippedItem& item,
                                                const ItemSignature& sig, const OpHandlers& handlers,
                                                const std::map<std::string, Signature>& signatures,
                                                const std::map<std::string, Atom>& atoms);

}  // namespace tf::text
