// The MMA rule: a function that is one bf16 matmul of two parameters, of shapes the SM80 atom
// tiles, runs as a tiled GEMM on the 16x8x16 MMA atom (docs/lowering.md, "The MMA rule").
//
// Design note. For c = matmul(a, b), a (M, K) and b (K, N) bf16 parameters, M and N multiples
// of 64, K a multiple of 32 (the lanes split a's columns when staging) and at most 512, the kernel is the tiled GEMM the machine model's
// benchmark runs:
//   with grid (cta M/64 x N/64) { with block (thread 128 = 4 warps x 32 lanes) {
//     a's 64 rows and b's 64 columns of this CTA copied into smem (warps split the rows, lanes
//     the columns), sync(block);
//     with warp (the atom's 32 lanes) {            each warp: its 16-row slab of the tile
//       per 8-column tile j: acc_j = 0 (FC fragment, f32); per 16-deep step q: the A fragment
//       loaded once from smem through the atom's layout, then per j the B fragment and
//       mma(acc_j, af_q, bf_jq); each acc_j cast to bf16 and stored through FC into c } } }
// Accumulation order: each MMA step adds its 16 exact products to the f32 accumulator and
// rounds once (the machine model's `exact` mode), so the f32 result is rounded K/16 times; HIR's
// matmul sums all K products in f64 and rounds once. The two differ in the last bit now and then
// (on 2 of 16 random tilings, by one bf16 ulp after cancellation), which the level `lowered`,
// comparing exactly, cannot judge: the rule runs only in the pass `hir-to-tir-mma`, outside the
// default pipeline, and its test compares with a model of the atom's own accumulation.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ir/hir/function.h"
#include "ir/layout/mesh.h"
#include "lower/lowering_context.h"

namespace tf::lower {

/// A function the MMA rule lowers.
struct MmaPlan {
  std::int64_t m = 0, n = 0, k = 0;
  std::size_t lhs = 0, rhs = 0;  ///< the parameters a and b (indices)
  Mesh grid;                     ///< (cta M/64 x N/64), named cm, cn
};

/// The atom the MMA rule tiles with.
inline constexpr std::string_view kMmaRuleAtomName = "SM80_16x8x16_F32BF16BF16F32_TN";
/// The largest K the rule takes: its K loop is unrolled, at most 32 steps of 16 per tile.
inline constexpr std::int64_t kMmaRuleMaxK = 512;

/// The plan when `fn` returning `results` is one such matmul (design note), else nullopt.
/// `why_not` (when given) receives the reason when there is no plan.
std::optional<MmaPlan> plan_mma(const hir::Function& fn, const std::vector<Expr>& results,
                                std::string* why_not = nullptr);

/// Emits the GEMM inside the kernel's scope over plan.grid, storing into `out`.
Result<bool> lower_mma(LoweringContext& lc, const MmaPlan& plan, const VarRef& out);

/// The block mesh (thread 128 as 4 warps x 32 lanes, named warp and lane), declared with the
/// kernel.
const Mesh& mma_block_mesh();

}  // namespace tf::lower
