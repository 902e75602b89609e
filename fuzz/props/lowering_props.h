// The properties of the lowering (lower/) and of the TIR machine model over what fuzz/gen
// generates:
//   hir-vs-tir      every function of a generated program of the lowerable subset lowers, and
//                   the lowered program run by the machine model gives the HIR evaluator's bits
//                   on the same inputs, without undefined behaviour, in the deterministic thread
//                   order and (half the cases) a seeded one; where HIR fails, the lowered
//                   program fails too (never with a UB report) or the lowering refuses it
//   tir-race-free   a generated race-free kernel runs without a UB report and gives the same
//                   bits under the deterministic schedule twice and three seeded ones
//   tir-race-found  the same kernel with the Sync of one shared-memory exchange deleted is
//                   reported as a race (the detector's completeness on a known race)
#pragma once

#include "fuzz/gen/hir_program_gen.h"

namespace tf::fuzz {

/// The hir-vs-tir check of one generated program (every function, header comment).
void check_lowered_program(const HirProgram& p);

/// The bodies of the three properties (one case each).
void hir_vs_tir_case();
void tir_race_free_case();
void tir_race_found_case();

}  // namespace tf::fuzz
