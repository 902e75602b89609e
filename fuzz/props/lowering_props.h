// The property of the lowering (lower/) over what fuzz/gen generates:
//   hir-vs-tir      every function of a generated program of the lowerable subset lowers, and
//                   the lowered program run by the machine model gives the HIR evaluator's bits
//                   on the same inputs, without undefined behaviour, in the deterministic thread
//                   order and (half the cases) a seeded one; where HIR fails, the lowered
//                   program fails too (never with a UB report) or the lowering refuses it
#pragma once

#include "fuzz/gen/hir_program_gen.h"

namespace tf::fuzz {

/// The hir-vs-tir check of one generated program (every function, header comment).
void check_lowered_program(const HirProgram& p);

/// The property's body (one case).
void hir_vs_tir_case();

}  // namespace tf::fuzz
