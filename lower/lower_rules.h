// The per-op rules of HirToTirPass (hir_to_tir.h's design note): each lowers one HIR node whose
// operands are lowered first, appending TIR to a LoweringContext.
#pragma once

#include "ir/core/op_handlers.h"
#include "lower/lowering_context.h"

namespace tf::lower {

/// The lowering rule of an HIR op (the Lower handler kind of ir/core/op_handlers.h): appends the
/// TIR of Call `c` (whose operands it lowers through lower_value) and returns the TIR value
/// holding c's value, or the refusal.
struct LowerHandler {
  static constexpr HandlerKind kKind = HandlerKind::Lower;
  using Fn = Result<Expr> (*)(LoweringContext& lc, const Call& c);
};

/// Registers the rule of every HIR op that has one (docs/lowering.md) in `handlers`, a table
/// over `registry`. Precondition (TF_CHECK): every such op is registered.
void register_lowering_rules(const OpRegistry& registry, OpHandlers& handlers);

/// The TIR value holding HIR expression `e`'s value (memoised per node), or the refusal of the
/// first node on the way that has no rule. Every thread that runs it reads it whole: inside the
/// sharded rule a distributed value is gathered first (shard_rule.h).
Result<Expr> lower_value(LoweringContext& lc, const Expr& e);
/// As lower_value, but a distributed value as its rule made it: what the rules that work on
/// each thread's own elements (elementwise ops, reshards, the outputs) take.
Result<Expr> lower_held(LoweringContext& lc, const Expr& e);

}  // namespace tf::lower
