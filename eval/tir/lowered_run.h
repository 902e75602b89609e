// Running an HIR function through the lowering: the `lowered` level of tf eval and tf conform,
// and the lowering property of fuzz/ (lower -> verify -> evaluate TIR equals evaluate HIR).
#pragma once

#include <string>
#include <vector>

#include "eval/tir/tir_evaluator.h"
#include "ir/core/context.h"
#include "ir/core/module.h"

namespace tf::eval::tir {

/// The module holding `function` of `module` and its callees (lower::with_callees) lowered to TIR by
/// lower/'s default pipeline, verified after each pass. Its host entry has the function's name.
/// Diagnostics: the lowering's refusals (exit 2 at the CLI), or the internal error of a pass
/// whose result fails verification (category Internal).
Result<ModuleRef> lower_function(const Module& module, const std::string& function, const Context& ctx);

/// Lowers `function` (lower_function) and runs its host entry on `inputs`, the inputs the HIR
/// function takes.
Result<TirRun> evaluate_lowered(const Module& module, const std::string& function, std::vector<Tensor> inputs,
                                const TirEvalOptions& options, const Context& ctx);

}  // namespace tf::eval::tir
