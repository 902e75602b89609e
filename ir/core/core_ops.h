// register_core_ops: every op family of the core IR layers (ir/core, ir/dim, ir/type) and its
// handlers, registered explicitly. Today that is the dim family (seven dim arithmetic ops with
// typeinfer and verify handlers); HIR and TIR add their own register_... functions.
#pragma once

#include "ir/core/op.h"
#include "ir/core/op_handlers.h"

namespace tf {

/// Registers the core op families in `registry` and their handlers in `handlers` (whose
/// registry must be `registry`). Idempotent.
void register_core_ops(OpRegistry& registry, OpHandlers& handlers);

}  // namespace tf
