// The Context an evaluation runs in: every op family of the project and the MMA atoms
// (text::register_all_ops) plus the HIR evaluator's handlers (register_hir_eval). What `tf`, the
// tests and the benchmarks read and evaluate with.
#pragma once

#include "ir/core/context.h"

namespace tf::eval {

/// One Context for the process holding every op family and every eval handler, built on first
/// use and never destroyed.
const Context& eval_context();

}  // namespace tf::eval
