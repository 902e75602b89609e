// The properties of the TIR machine model (eval/tir) over generated kernels
// (fuzz/gen/race_free_kernel_gen.h):
//   tir-race-free         a generated race-free kernel runs without a UB report and gives the
//                         same bits under the deterministic schedule twice and three seeded ones
//   tir-race-found        the same kernel with one needed Sync deleted (an exchange's, a helper
//                         call holding it, one group's scope, a loop's leading one) is reported
//                         as a race: the detector's completeness on a known race
//   tir-schedule-verdict  the same kernel after 0-2 mutations that may make it undefined (a Sync,
//                         helper call, group scope or cp.async wait deleted; a whole-block Sync
//                         reached by part of the block; a cp.async wait that waits for fewer
//                         groups; a Sync repeated) has one verdict under the deterministic
//                         schedule and four seeded ones: clean with the same bits, or undefined,
//                         of the same kind where one mutation removed one ordering
//                         (docs/tir-semantics.md: a verdict does not depend on the schedule; of
//                         several undefined behaviours, the first a run meets may)
#pragma once

namespace tf::fuzz {

/// The bodies of the three properties (one case each).
void tir_race_free_case();
void tir_race_found_case();
void tir_schedule_verdict_case();

}  // namespace tf::fuzz
