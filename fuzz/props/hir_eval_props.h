// The property of the HIR evaluator over generated programs (fuzz/gen/hir_program_gen.h):
//   hir-eval  every function of a generated program, on seeded random inputs, evaluates or fails
//             with an evaluation diagnostic (never an internal error); a second evaluation gives
//             the same bits; the program printed by print_file and read again evaluates to the
//             same bits (the printer hoists, renames and reorders; none of it may change a
//             value). Every op the generator knows (HirGenOptions::every_op), up to 30 bindings
//             a function in a quarter of the cases, every loop shape and name the printer must
//             handle in half of them.
#pragma once

#include <cstdint>
#include <string>

#include "fuzz/gen/hir_program_gen.h"

namespace tf::fuzz {

/// The hir-eval check of one generated program.
void check_evaluated_program(const HirProgram& p);
/// The same check of the program `program` (tfir text that reads), its inputs drawn from
/// `seed`: fails (the property's fail, a RapidCheck failure) at the first broken law. Returns how
/// many functions failed at run time with an evaluation diagnostic.
int check_evaluated_text(const std::string& program, std::uint64_t seed);

/// The body of the property (one case).
void hir_eval_case();

}  // namespace tf::fuzz
