// The dispatch rules of HIR verification (upstream docs/spec/hir.md, dispatch
// specializations, and its module rules): how a variant's pattern sits in its signature, how a
// prototype's variants relate to it and partition its DimVar's envelope, and which functions a
// module may hold at top level.
//
// Design note. hir::Function's factories fix each node's shape (a prototype has no body, a
// variant one body and one DimVarRangePat and no variants); what relates nodes is checked here:
//  - specializations (item 3), on every variant: the pattern's DimVar is a bare shape entry of a
//    parameter (locate_dim_var: the dispatch subject must be locatable, so a DimVar only inside
//    dim arithmetic or only in the return type does not count), and [lo, hi) lies inside that
//    DimVar's envelope;
//  - variants (item 4), on every prototype: each variant names the prototype as its base, has
//    its parameter types and return type, and a canonical signature (`N$1_5`) no sibling has;
//    all patterns name one DimVar, a bare parameter entry of the prototype; sorted by lo, the
//    ranges start at the envelope's lo, abut (a gap and an overlap are separate messages) and
//    end at its hi; each variant then verifies as a function. The prototype's missing body is
//    never typechecked (item 4.4); a prototype with no variant passes here (item 5);
//  - module (verify_module): a prototype with no variant is rejected; a top-level variant must
//    be the very object one of the module's prototypes holds (it is verified through that base,
//    once), and each variant of a prototype must be the module function of its name (so
//    `@f_small` resolves to it).
// No rule of conformance/rules.tsv covers these (the TIR.1.6.DISPATCH rules are the lowered
// DispatchCall's), so every diagnostic is of category Type and names the function, the pattern
// and the envelope; its IR path is the function's (`f.variants[1]`, `f_small.specializations[0]`).
#pragma once

#include <vector>

#include "ir/core/module.h"
#include "ir/core/op_handlers.h"
#include "ir/hir/function.h"
#include "ir/support/diagnostic.h"

namespace tf {

/// Item 3 for `f`'s own specializations (empty for a non-variant).
std::vector<Diagnostic> verify_specializations(const hir::Function& f);

/// Item 4 for the prototype `f` (empty when `f` has no variants); variants are verified with
/// verify_function against `module` and `handlers`.
std::vector<Diagnostic> verify_variants(const hir::Function& f, const Module* module,
                                        const OpHandlers& handlers);

/// The module rules for the HIR function `f` at top level of `module`, including verify_function
/// of an orphan variant (a variant no prototype of the module holds).
std::vector<Diagnostic> verify_top_level_dispatch(const hir::Function& f, const Module& module,
                                                  const OpHandlers& handlers);

}  // namespace tf
