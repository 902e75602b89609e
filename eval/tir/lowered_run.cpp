#include "eval/tir/lowered_run.h"

#include "lower/pipeline.h"

namespace tf::eval::tir {

Result<TirRun> evaluate_lowered(const Module& module, const std::string& function, std::vector<Tensor> inputs,
                                const TirEvalOptions& options, const Context& ctx) {
  Result<ModuleRef> lowered = lower::lower_function(module, function, ctx);
  TF_TRY(lowered);
  Result<FunctionRef> entry = (*lowered)->lookup(function);
  TF_TRY(entry);
  const auto* fn = (*entry)->as<tf::tir::PrimFunction>();
  TF_CHECK(fn != nullptr, "the lowering of @{} has no host entry of that name", function);
  return evaluate_prim_function(**lowered, *fn, std::move(inputs), options);
}

}  // namespace tf::eval::tir
