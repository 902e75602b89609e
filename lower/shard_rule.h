// The sharded rule: a function whose values carry ShardLayouts runs on their mesh, each
// distributed value held by the participants that own its elements.
//
// Design note. HIR values are logical (the evaluator is one participant, docs/hir-semantics.md): a
// ShardLayout says who holds which part of a value, never what the value is. The rule keeps that
// reading. The kernel body runs inside `with M` for the one mesh M of the function's
// ShardLayouts, and every TIR value takes one of three forms:
//  - distributed: a register tensor typed with a ShardLayout L whose mesh is M; each thread
//    holds the elements it owns (Split axes place blocks, Broadcast and Partial axes are
//    replicas, every replica holding the logical value). An elementwise op whose HIR result
//    carries L computes into such a tensor, each thread its own elements, from operands that
//    are distributed alike or readable whole;
//  - whole: a register tensor every thread holds entirely (what the serial rules compute);
//  - shared: a parameter, or a buffer in shared or global memory after the barrier that
//    follows its writes, readable by every thread.
// Where an op needs a distributed operand whole (a reduction, a view, a matmul, an operand
// distributed another way), the value is *gathered*: each element written once by its owner
// into a buffer of the staging storage (smem when M lies within one CTA, gmem when it spans
// CTAs; replicas along non-Split axes leave the writing to position 0), then a barrier over M
// (`__syncthreads` or the grid barrier), after which the buffer is shared. Reduction orders are
// then the serial rules' (the HIR evaluator's), so sharded results are bit-exact; a matmul whose
// K is split (an HIR Partial(sum)) computes its products distributed along K and sums the
// gathered products, so the Partial's reduction is the step across participants.
// Reshard(x, L, storage) is a copy into the new holding: registers distributed by L, or a
// shared buffer of smem / gmem written by L's owners and followed by the barrier.
// The rules take the plan (Sharding) from their StrategyContext (strategy_context.h): the
// dispatcher converts operands by it (gathered, aligned), and the elementwise and matmul rules
// ask it how their results are held (result_distribution, split_k_products).
#pragma once

#include <optional>
#include <vector>

#include "ir/core/call.h"
#include "ir/hir/function.h"
#include "ir/layout/shard_layout.h"
#include "lower/lowering_context.h"
#include "lower/lowering_pattern.h"
#include "lower/strategy_context.h"

namespace tf::lower {

/// The plan for `fn` (its body, loop bodies and the callees it calls), nullopt when no value of
/// it carries a ShardLayout, or the refusal: nested ShardLayouts, several meshes, a mesh with a
/// level other than `cta` and `thread` or a symbolic extent, a Dynamic attr, a distributed value
/// of symbolic shape, or a Split that does not divide its extent.
Result<std::optional<Sharding>> plan_shard(const LoweringContext& lc, const hir::Function& fn);

/// The sharded rule (design note) by `plan`: the kernel parameters `params` (plain gmem tensors
/// standing for fn's) bound to fn's, each returned value lowered and copied into its output, each
/// element written once (a distributed value by its owners, any other by thread 0 of CTA 0).
Result<bool> lower_sharded(LoweringContext& lc, const Sharding& plan, const std::vector<VarRef>& params,
                           const std::vector<Expr>& results, const std::vector<VarRef>& outputs);

/// True when TIR value `v` is a distributed register tensor (a ShardLayout type).
bool is_distributed(const Expr& v);
/// `v` readable whole by every thread under `plan`: `v` itself unless it is distributed, else its
/// gathered copy (design note), made once per body.
Result<Expr> gathered(LoweringContext& lc, const Sharding& plan, const Expr& v);
/// `v` (a lowered operand) as an operand of an elementwise op whose HIR result of shape `shape`
/// is distributed by `sl`: `v` itself when it is distributed alike (each thread reads its own
/// elements), else gathered (OperandForm::AsResult).
Result<Expr> aligned(LoweringContext& lc, const Sharding& plan, const Expr& v, const ShardLayout& sl,
                     const std::vector<ShapeDim>& shape);

/// How `strategy` holds a call's result of type `result`: distributed by its ShardLayout under
/// the sharded strategy (each thread computes its own elements), else null (whole).
const ShardLayout* result_distribution(const StrategyContext& strategy, const TensorType& result);

/// Under the sharded strategy, the distribution of a matmul's products (shape `products`: the
/// result's, then K) when the HIR result `result` is a Partial(sum), its K split: each mesh axis
/// that is Partial(sum) in the result splits K, the result's Splits stay. Nullopt otherwise,
/// or when K does not divide (the products are then computed whole).
std::optional<ShardLayout> split_k_products(const StrategyContext& strategy, const TensorType& result,
                                            const std::vector<std::int64_t>& products);

/// The pattern of hir.sharding.Reshard (operands Held): identity outside the sharded strategy (a
/// Reshard without a ShardLayout changes nothing), a copy into the new holding under it (design
/// note).
extern const LoweringPattern kReshardPattern;

}  // namespace tf::lower
