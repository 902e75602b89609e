// The MMA rule: a function that is one bf16 matmul of two parameters, of shapes the SM80 atom
// tiles, runs as a tiled GEMM on the 16x8x16 MMA atom (docs/lowering.md, "The MMA rule").
//
// Design note. For c = matmul(a, b), a (M, K) and b (K, N) bf16 parameters, M and N multiples
// of 64, K a positive multiple of 32 (any size: the K loop walks it), the kernel is a tiled GEMM:
//   with grid (cta M/64 x N/64) { with block (thread 128 = 4 warps x 32 lanes) {
//     with warp (the atom's 32 lanes) {            each warp: its 16-row slab of the tile
//       per 8-column tile j: acc_j = 0 (FC fragment, f32);
//       for kt in range(0, K, 32) {                the K loop, windows at run-time starts
//         the 64 x 32 tile of a's rows at column kt and the 32 x 64 tile of b's columns at row
//         kt copied into smem (warps split the rows, lanes the columns), sync(block);
//         per 16-deep step q: the A fragment loaded once from smem through the atom's layout,
//         then per j the B fragment and mma(acc_j, af_q, bf_jq); sync(block) }
//       each acc_j cast to bf16 and stored through FC into c } } }
// Per-thread storage is fixed whatever K (8 accumulators, one A and eight B fragments per step)
// and smem is 8 KiB per CTA.
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
/// The K tile the rule stages in smem per trip of its K loop (K is a multiple of it): the 32
/// lanes of a warp split a's staged columns; two 16-deep MMA steps per tile.
inline constexpr std::int64_t kMmaRuleKTile = 32;

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
