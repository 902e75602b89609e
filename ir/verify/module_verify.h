// verify_module: every function of a module through its IR's verifier (verify_function for HIR,
// verify_prim_function for TIR), collecting all diagnostics in module order.
#pragma once

#include <vector>

#include "ir/core/module.h"
#include "ir/core/op_handlers.h"
#include "ir/support/diagnostic.h"

namespace tf {

/// Every diagnostic of every function of `module` (empty when all verify), each naming its
/// function in Diagnostic::function.
std::vector<Diagnostic> verify_module(const Module& module, const OpHandlers& handlers);

}  // namespace tf
