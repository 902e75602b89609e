// The per-op rules of HirToTirPass (hir_to_tir.h's design note): each lowers one HIR node whose
// operands are lowered first, appending TIR to a LoweringContext.
#pragma once

#include "lower/lowering_context.h"

namespace tf::lower {

/// The TIR value holding HIR expression `e`'s value (memoised per node), or the refusal of the
/// first node on the way that has no rule.
Result<Expr> lower_value(LoweringContext& lc, const Expr& e);

}  // namespace tf::lower
