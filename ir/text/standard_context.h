// The op families and atoms a tfir program may use, in one place: what `tf` reads with (with
// the evaluator's handlers added, eval/hir/eval_tables.h), what the fuzzers generate against,
// and what the IR tests read with.
#pragma once

#include "ir/core/context.h"

namespace tf::text {

/// Registers every op family of the project in `context` (core and dim, hir.math, hir.tensor,
/// hir.nn, hir.cuda.nn, hir.sharding, the TIR ops) with their typeinfer and verify handlers,
/// and sets the TIR layer's MMA atom factory. Idempotent.
void register_all_ops(Context& context);

/// One Context holding register_all_ops for the process, built on first use and never
/// destroyed (the IR layers' tests and tools that do not evaluate).
const Context& standard_context();

}  // namespace tf::text
