// LoweringPattern: the rule of one HIR op as a conversion pattern (docs/lowering.md, "Rules").
//
// Design note. The dispatcher (lower_call, pattern_dispatch.cpp) lowers a Call of an op the same
// way for every op:
//   1. the checks every op shares: its value is a tensor (or a tuple of tensors), carries no
//      ShardLayout outside the sharded strategy and no block-scaled dtype;
//   2. the pattern's match, which refuses a call the rule has no TIR for, from the call and its
//      attributes alone;
//   3. the call's operands converted in the form the pattern declares (OperandForm), under the
//      StrategyContext of the body;
//   4. the pattern's rewrite, given one RuleInput (the call, its converted operands, the
//      StrategyContext, the LoweringContext to emit into), which appends the TIR and returns the
//      value, or a refusal placed at the call (LoweringContext::refusal).
// The match comes before the conversion so that a call's own refusal is reported before any of
// its operands' (HIR evaluates the operands first, but a call the lowering has no rule for is
// refused whatever its operands are). A rule reads nothing behind its input: what it depends on
// from the strategy is RuleInput::strategy, and it passes that to the helpers it calls.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "ir/core/call.h"
#include "ir/core/op.h"
#include "lower/lowering_context.h"
#include "lower/strategy_context.h"

namespace tf::lower {

/// How the dispatcher converts a call's operands before its rule runs.
enum class OperandForm : std::uint8_t {
  /// Every thread reads the whole value: under the sharded strategy a distributed value is
  /// gathered first (shard_rule.h); under the others the value as lowered (lower_value).
  Whole,
  /// As the call's result is held (elementwise ops): under the sharded strategy, when the
  /// result carries a ShardLayout, an operand distributed alike is the thread's own elements and
  /// any other is gathered; otherwise Whole.
  AsResult,
  /// As its producer left it, a distributed value's local parts (lower_held): a reshard copies
  /// them into the new holding.
  Held,
  /// Not converted: the rule reads the HIR operands (a slice's tuple of starts) and lowers what
  /// it needs itself, through lower_value or lower_held with its StrategyContext.
  Raw,
};

/// What a pattern's rewrite receives.
struct RuleInput {
  LoweringContext& lc;              ///< where the rule appends its TIR
  const StrategyContext& strategy;  ///< the strategy lowering the body and its plan
  const Call& call;                 ///< the HIR call
  std::vector<Expr> operands;       ///< call.args converted to the pattern's form (none for Raw)

  /// Attribute `name` of the call, as the alternative T its ParamDef's kind holds.
  /// Precondition: the op declares it with that kind (std::get otherwise throws).
  template <typename T>
  const T& attr(std::string_view name) const {
    return std::get<T>(call.attr(name));
  }
  /// The binding name the source gave the call, or `fallback` when it has none.
  std::string name(std::string_view fallback = "t") const;
};

/// The rule of one HIR op (design note).
struct LoweringPattern {
  /// The refusal of a call the rule has no TIR for, else true; asked before the operands are
  /// converted.
  using Match = Result<bool> (*)(const LoweringContext& lc, const Call& c);
  /// The TIR value holding the call's value, appended to in.lc, or the refusal.
  using Rewrite = Result<Expr> (*)(const RuleInput& in);

  OperandForm form = OperandForm::Whole;
  Rewrite rewrite = nullptr;
  Match match = nullptr;  ///< null: the rule takes every call that passes the shared checks
  /// The rule takes block-scaled operands and results (their planes move by copy and convert by
  /// cast, docs/lowering.md "Block-scaled values"); every other rule is refused them.
  bool block_scaled = false;
  /// The rule's value is a view of its operands without a copy (static shapes): inside a grid
  /// part, a value of row shape made of shared operands only is lowered whole as under the
  /// serial rule and the part views its own rows of it (GridPart::view_rows).
  bool views = false;
};

/// The patterns of the ops of one OpRegistry, a dense table by registration index beside the
/// registry (as OpHandlers' tables are; a pattern holds its operand form beside its functions,
/// which a table of function pointers cannot).
class LoweringPatterns {
 public:
  /// Patterns for the ops of `registry` (which must outlive them).
  explicit LoweringPatterns(const OpRegistry& registry) : registry_(&registry) {}

  /// Sets op's pattern. Precondition (TF_CHECK): the registry holds `op`, the pattern has a
  /// rewrite, and `op` has no pattern yet.
  void set(Op op, const LoweringPattern& pattern);
  /// op's pattern, or null when it has none. Precondition (TF_CHECK): the registry holds `op`.
  const LoweringPattern* find(Op op) const;

 private:
  const OpRegistry* registry_;
  std::vector<std::optional<LoweringPattern>> by_index_;
};

}  // namespace tf::lower
