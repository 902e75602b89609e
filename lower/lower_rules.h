// The op rules of HirToTirPass (hir_to_tir.h's design note), each a conversion pattern
// (lowering_pattern.h) registered by typed op identity, and the lowering of one HIR value under
// the StrategyContext of its body (strategy_context.h), which dispatches each node to its rule.
#pragma once

#include "ir/core/op.h"
#include "lower/lowering_context.h"
#include "lower/lowering_pattern.h"
#include "lower/strategy_context.h"

namespace tf::lower {

/// Registers the pattern of every HIR op that has a rule (docs/lowering.md) in `patterns`, a
/// table over `registry`. Precondition (TF_CHECK): every such op is registered.
void register_lowering_rules(const OpRegistry& registry, LoweringPatterns& patterns);

/// The TIR value holding HIR expression `e`'s value read whole (OperandForm::Whole) under
/// `strategy`: under the sharded strategy a distributed value is gathered first (shard_rule.h),
/// under the others it is lower_held's. The refusal of the first node on the way that has no rule.
Result<Expr> lower_value(LoweringContext& lc, const StrategyContext& strategy, const Expr& e);
/// The TIR value holding `e`'s value as its rule made it (OperandForm::Held; memoised per node):
/// a distributed value is its local parts, what the sharded strategy's reshards and outputs take.
Result<Expr> lower_held(LoweringContext& lc, const StrategyContext& strategy, const Expr& e);

}  // namespace tf::lower
