// The outputs of a TIR run without the run: what a backend's run needs when only its compile is
// wanted (the collection pass of a prefetch, cuda/driver/prefetch.h), for which running the
// machine model would be wasted work.
#pragma once

#include <vector>

#include "eval/tir/tir_evaluator.h"

namespace tf::eval::tir {

/// The output tensors a run of `fn` of `module` on `inputs` (evaluate_prim_function's inputs)
/// would produce, zero, with their dtypes and shapes (the DimVars bound as
/// evaluate_prim_function binds them: options.dims, then the inputs' extents); nothing runs.
/// Diagnostics: the wrong number of inputs, a DimVar that does not bind, a non-tensor output.
Result<std::vector<Tensor>> planned_outputs(const Module& module, const tf::tir::PrimFunction& fn, const std::vector<Tensor>& inputs,
                                            const TirEvalOptions& options);

}  // namespace tf::eval::tir
