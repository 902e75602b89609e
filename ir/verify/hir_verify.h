// verify_function: every rule an HIR Function must satisfy, collected as diagnostics (the HIR
// half of the IR issue's verifiers; upstream docs/spec/hir.md).
//
// Design note. Construction already checks each node locally (Call::make, GridRegionExpr::make,
// Function::make), so a Function built through the factories is mostly sound; the verifier
// re-derives what a node cannot see from itself and what a generator or a pass could have
// broken:
//  - every node's stored type equals its type rule re-run over its children (check_stored_type);
//    HIR is pure, so a node shared by several users is checked once;
//  - the signature's DimVars (parameters and return type, inside dim arithmetic and tuple fields)
//    agree on their bounds per name (TYPES.4.DIM.dimvar-signature-bounds-agree);
//  - the body's type equals the declared return type;
//  - every FunctionCall names a function of the module whose CallableType equals the stored
//    callee type, and every Var the body reads is a parameter, an index or a carry of an
//    enclosing loop (no free Vars);
//  - no value-form op appears as an effect: every Call in an HIR body is of a value-form op;
//  - every Call's op-specific verify handler, where its op has one, and that of every dim Call
//    inside the signature's shapes (a preserved zero divisor:
//    TYPES.4.FOLD.zero-divisor-flagged-by-verify);
//  - a variant's pattern and a prototype's variants (hir_dispatch_verify.h); a prototype's
//    missing body is not typechecked, its variants are verified in turn.
// Each diagnostic carries the IR path of the first place the offending node is reached
// (`f.body.args[0]`, `f.body.yields[1]`).
#pragma once

#include <vector>

#include "ir/core/module.h"
#include "ir/core/op_handlers.h"
#include "ir/hir/function.h"
#include "ir/support/diagnostic.h"

namespace tf {

/// Every diagnostic of `f` (header comment); empty when it verifies. `module` resolves function
/// calls (null: calls are not resolved).
std::vector<Diagnostic> verify_function(const hir::Function& f, const Module* module,
                                        const OpHandlers& handlers);

}  // namespace tf
