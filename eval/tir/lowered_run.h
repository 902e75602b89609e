// Running an HIR function through the lowering (lower::lower_function, lower/pipeline.h): the
// `lowered` level of tf eval and tf conform, and the lowering property of fuzz/ (lower -> verify
// -> evaluate TIR equals evaluate HIR).
#pragma once

#include <string>
#include <vector>

#include "eval/tir/tir_evaluator.h"
#include "ir/core/context.h"
#include "ir/core/module.h"

namespace tf::eval::tir {

/// Lowers `function` (lower::lower_function) and runs its host entry on `inputs`, the inputs the HIR
/// function takes.
Result<TirRun> evaluate_lowered(const Module& module, const std::string& function, std::vector<Tensor> inputs,
                                const TirEvalOptions& options, const Context& ctx);

}  // namespace tf::eval::tir
