// Strategy: how the hir-to-tir pass lowers one HIR function, chosen once, visibly.
//
// Design note. Four strategies exist, tried in this order; the first that applies is taken and
// the earlier ones are recorded with the reason they did not apply (what `tf lower --explain`
// prints):
//   sharded  a value carries a ShardLayout: the kernel runs on that mesh and each op on the
//            instance's local part (shard_rule.h);
//   grid     the function is row-wise over some leading axes: G CTAs of T threads, each owning
//            k rows, the tail on thread 0 of CTA 0; a reduction across every row makes it one
//            CTA whose threads reduce together (grid_plan.h);
//   mma      a bf16 matmul of 64-multiple tiles on the SM80 atom, only in the hir-to-tir-mma
//            pass (mma_rule.h);
//   serial   always applies: one thread of one CTA computes every op on whole register tensors,
//            exactly as the HIR evaluator does (the baseline the others are checked against).
// choose_strategy only plans; lowering by the chosen plan is the pass's (hir_to_tir.cpp), which
// runs the chosen strategy's driver. The op rules are the same patterns under every strategy
// (lowering_pattern.h); what one emits differs only by what it is handed: the driver passes a
// StrategyContext (strategy_context.h: the Sharding under the sharded strategy, the GridPart
// being lowered under the grid strategy) to every value it lowers, the dispatcher converts each
// call's operands under it and hands it to the rule, and the rule passes it to the helpers it
// calls. No rule or helper reads a strategy from the LoweringContext.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "ir/core/module.h"
#include "ir/hir/function.h"
#include "ir/tir/prim_function.h"
#include "lower/grid_plan.h"
#include "lower/lowering_context.h"
#include "lower/mma_rule.h"
#include "lower/strategy_context.h"

namespace tf::lower {

/// The returned values of `fn`'s body: the elements of a returned Tuple, one TupleGetItem per
/// field of another tuple-typed body (a loop with several carries), else the body itself.
Result<std::vector<Expr>> returned_values(const hir::Function& fn);

/// The strategy a function gets and its plan.
struct StrategyChoice {
  Strategy strategy = Strategy::Serial;
  std::optional<Sharding> sharding;  ///< set for Sharded
  std::optional<GridPlan> grid;                       ///< set for Grid
  std::optional<MmaPlan> mma;                         ///< set for Mma
  /// The strategies tried before the chosen one, in order, each with why it did not apply.
  std::vector<std::pair<Strategy, std::string>> passed_over;

  /// The mesh the kernel's body runs on.
  const Mesh& mesh() const;
  /// The launch geometry in words: "1 CTA x 1 thread", "8 CTAs x 256 threads, 2 rows each, ...".
  std::string geometry() const;
};

/// The strategy of `fn` returning `results`, lowered in `lc` (design note); `mma_atom` when the
/// pass may use the SM80 atom; a grid plan gives a thread at most `most_rows_per_thread` rows
/// (plan_grid). Diagnostics: the sharded strategy's refusals of a ShardLayout it cannot place
/// (plan_shard).
Result<StrategyChoice> choose_strategy(const LoweringContext& lc, const hir::Function& fn,
                                       const std::vector<Expr>& results, bool mma_atom,
                                       std::int64_t most_rows_per_thread = INT64_MAX);

/// One HIR function's strategy, as `tf lower --explain` reports it.
struct FunctionStrategy {
  std::string function;
  StrategyChoice choice;
};

/// The register memory one thread of `kernel` holds at most, in bytes: every rmem tensor it
/// allocates (its local part when distributed), each symbolic extent at its DimVar's largest
/// value; nullopt when an extent has no bound.
std::optional<std::int64_t> register_bytes_per_thread(const tir::PrimFunction& kernel);

/// The bytes of `elements` elements of `dtype` (a block-scaled element counted as a byte: its code
/// and its share of the scales), or nullopt past 64 bits. The grid budget and the serial rule's
/// choice of storage both count by it.
std::optional<std::int64_t> storage_bytes(std::int64_t elements, DType dtype);

}  // namespace tf::lower
