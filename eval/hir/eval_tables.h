// The op tables an evaluation runs with: every op family of the project (text::register_all_ops)
// and the HIR evaluator's handlers (register_hir_eval), registered once in the process-wide
// OpRegistry / OpHandlers. What `tf`, the tests and the benchmarks read and evaluate with.
#pragma once

#include "ir/core/op_handlers.h"

namespace tf::eval {

/// OpHandlers::global() with every op family and every eval handler registered (on first use).
const OpHandlers& eval_op_tables();

}  // namespace tf::eval
