// The barrier mapping of seed 002 section 1.5: which single hardware barrier a Sync over a
// (possibly sliced) mesh becomes. This is the one routine verify, codegen, the evaluator and
// `tf layout --json` share (TIR.1.5.SYNC.shared-classifier), so they cannot disagree.
//
// Design note. classify_barrier(m) checks, in this order, and stops at the first failure:
//   1. static: every topology extent, extent and stride is a static integer
//                                                  else TIR.1.5.SYNC.dynamic-mesh-rejected
//   2. topology: exactly (thread,) (threads of one block) or all cta (the grid)
//                                                  else TIR.1.5.SYNC.unsupported-topology-rejected
//   3. consistent: an un-sliced mesh's layout size equals the topology domain; every
//      participant lies in [0, domain); no participant is named twice; at least one
//                                                  else TIR.1.5.SYNC.inconsistent-mesh-rejected
//   4. cta mesh: the participants are the whole grid [0, domain) -> grid
//                                                  else TIR.1.5.BARRIER.cta-slice-rejected
//   5. thread mesh: the participants are one contiguous interval [base, base + count)
//                                                  else TIR.1.5.SYNC.non-contiguous-rejected
//      then, with W = 32:
//        base == 0 and count == domain, domain > W          -> syncthreads      (__syncthreads())
//        base == 0 and count == domain, domain <= W         -> syncwarp         (__syncwarp())
//        base / W == (base + count - 1) / W                 -> syncwarp_mask    (__syncwarp(mask))
//        base % W == 0 and count % W == 0                   -> named            (bar.sync id, count)
//        otherwise                                 TIR.1.5.SYNC.unaligned-cross-warp-rejected
// A rejected set is never broadened or split (TIR.1.5.SYNC.never-broaden-or-split): there is
// no fallback result.
//
// Decisions where seed 002 is silent:
//  - a whole block of at most one warp (domain <= 32, e.g. a 16-thread block) is "a whole block
//    that is one warp": __syncwarp(); its mask records the lanes that exist, (1 << domain) - 1
//    (0xffffffff for 32);
//  - a proper subset that is exactly one full warp (count == 32, base % 32 == 0) lies within
//    one warp, so it is syncwarp_mask with mask 0xffffffff, not a named barrier: "multi-warp"
//    in the table means more than one warp, and __syncwarp is the cheaper barrier;
//  - a cta slice that selects every CTA (g[0:8] of an 8-CTA grid) names the whole grid and is
//    the grid barrier; only a strict subset is a "cta slice" to reject;
//  - the mask of syncthreads, named and grid is 0 (they have none);
//  - the thread count of the block itself is not limited here (1024 is a launch property).
// Named-barrier ids are not part of the class: codegen allocates them per kernel
// (named_barrier.h).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "ir/layout/mesh.h"
#include "ir/support/result.h"

namespace tf {

/// The CUDA warp size the mapping assumes.
inline constexpr std::int64_t kWarpSize = 32;

/// The five barriers of the section 1.5 table.
enum class BarrierKind { SyncThreads, SyncWarp, SyncWarpMask, Named, Grid };

/// The JSON spelling: "syncthreads", "syncwarp", "syncwarp_mask", "named", "grid".
const char* barrier_kind_name(BarrierKind k);

/// The barrier a Sync maps to (the fields `tf layout --json` prints).
struct BarrierClass {
  BarrierKind kind = BarrierKind::SyncThreads;
  std::int64_t base = 0;   ///< the smallest participant (thread index, or CTA index for grid)
  std::int64_t count = 0;  ///< the number of participants
  std::uint32_t mask = 0;  ///< syncwarp / syncwarp_mask: the lane mask; 0 for the others

  /// True for syncwarp_mask and named: codegen guards them with base <= tid < base + count
  /// (TIR.1.5.BARRIER.participant-predicate).
  bool needs_predicate() const {
    return kind == BarrierKind::SyncWarpMask || kind == BarrierKind::Named;
  }
  friend bool operator==(const BarrierClass&, const BarrierClass&) = default;
};

/// The classification of the design note. On failure exactly one Diagnostic, naming its rule,
/// whose message starts with sync_text(m).
Result<BarrierClass> classify_barrier(const Mesh& m);

/// `sync(MESH)` with the mesh in the tfir spelling, as a classification failure names the sync
/// (the verifier replaces it with the user's own spelling where it knows one).
std::string sync_text(const Mesh& m);

/// `{"kind": "named", "base": 32, "count": 64, "mask": "0x00000000"}` (a JSON object).
std::string to_json(const BarrierClass& c);
/// The CUDA the class stands for, `id` standing for the named-barrier id:
/// `__syncthreads()`, `__syncwarp()`, `__syncwarp(0x00000ff0)`, `bar.sync <id>, 64`,
/// `grid_barrier()`.
std::string barrier_spelling(const BarrierClass& c);

/// Whether thread (or, for the grid barrier, CTA) `index` of the domain executes the barrier:
/// every index for syncthreads, syncwarp and grid; for syncwarp_mask and named only
/// base <= index < base + count, the participant predicate codegen guards them with
/// (TIR.1.5.BARRIER.participant-predicate, non-participant-skips).
bool executes_barrier(const BarrierClass& c, std::int64_t index);

/// What thread `index` executes at a Sync site of class `c` whose named-barrier id (for a named
/// barrier; ignored otherwise) is `id`: the CUDA of barrier_spelling with the id filled in, or
/// nothing for a non-participant. The text depends on the site only, never on the thread, so
/// every participant executes the same id and count (TIR.1.5.BARRIER.same-id-and-count).
std::optional<std::string> barrier_instruction(const BarrierClass& c, int id, std::int64_t index);

}  // namespace tf
