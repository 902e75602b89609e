#include "tools/tf/function_run.h"

#include <fmt/format.h>

#include "eval/hir/evaluator.h"
#include "eval/tir/lowered_run.h"
#include "ir/dim/dim_var.h"
#include "ir/hir/function.h"
#include "ir/tir/prim_function.h"
#include "ir/type/tensor_type.h"
#include "ir/type/tuple_type.h"
#include "tools/tf/ir_session.h"
#ifdef TF_HAVE_CUDA_EMU
#include "cuda/driver/backend_run.h"
#endif

namespace tf::cli {
namespace {

Diagnostic usage(std::string message) { return category_error(DiagCategory::Usage, std::move(message)); }

// Whether the func `fn` returns a tuple (a one-output run then still gives a tuple).
bool returns_tuple(const Module& module, const std::string& fn) {
  const auto* h = dynamic_cast<const hir::Function*>(module.find(fn));
  return h != nullptr && h->return_type() && h->return_type()->as<TupleType>() != nullptr;
}

eval::Value package(std::vector<eval::Tensor> outs, bool tuple) {
  std::vector<eval::Value> vs(outs.begin(), outs.end());
  if (vs.size() == 1 && !tuple) return vs.front();
  return eval::Value::tuple(std::move(vs));
}

eval::tir::TirEvalOptions machine_options(const FunctionRunOptions& o) {
  eval::tir::TirEvalOptions options;
  options.dims = o.dims;
  options.limits = o.limits;
  options.schedule_seed = o.schedule_seed;
  options.trace = o.trace;
  options.mma = o.mma;
  return options;
}

}  // namespace

bool is_run_level(const std::string& level) { return level == "hir" || level == "tir" || level == "emu" || level == "gpu"; }

Result<std::vector<VarRef>> function_inputs(const Module& module, const std::string& fn) {
  const FunctionBase* f = module.find(fn);
  if (const auto* prim = dynamic_cast<const tf::tir::PrimFunction*>(f)) return eval::tir::input_params(*prim);
  if (const auto* h = dynamic_cast<const hir::Function*>(f)) return h->params();
  return usage(fmt::format("the program has no function '{}'", fn));
}

Result<FunctionRun> run_function(const Module& module, const std::string& fn, std::vector<eval::Tensor> inputs,
                                 const FunctionRunOptions& options) {
  if (!is_run_level(options.level))
    return usage(fmt::format("level '{}': the levels are hir and tir, and the backends emu and gpu", options.level));
  const FunctionBase* f = module.find(fn);
  const auto* prim = dynamic_cast<const tf::tir::PrimFunction*>(f);
  const auto* h = dynamic_cast<const hir::Function*>(f);
  if (prim == nullptr && h == nullptr) return usage(fmt::format("the program has no function '{}'", fn));
  if (options.level == "emu" || options.level == "gpu") {
    Result<eval::Value> v = run_backend(module, fn, h != nullptr, std::move(inputs), options.level);
    TF_TRY(v);
    return FunctionRun{std::move(*v), {}};
  }
  if (h != nullptr && options.level == "hir") {
    eval::HirEvalOptions o;
    o.handlers = &cli_context().handlers();
    o.dims = options.dims;
    o.limits = options.limits;
    Result<eval::Value> v = eval::evaluate_function(module, *h, std::vector<eval::Value>(inputs.begin(), inputs.end()), o);
    TF_TRY(v);
    return FunctionRun{std::move(*v), {}};
  }
  Result<eval::tir::TirRun> run =
      prim != nullptr ? eval::tir::evaluate_prim_function(module, *prim, std::move(inputs), machine_options(options))
                      : eval::tir::evaluate_lowered(module, fn, std::move(inputs), machine_options(options), cli_context());
  TF_TRY(run);
  return FunctionRun{package(std::move(run->outputs), returns_tuple(module, fn)), std::move(run->trace)};
}

Result<eval::Value> run_backend(const Module& module, const std::string& fn, bool is_func, std::vector<eval::Tensor> inputs,
                                const std::string& backend) {
  if (backend != "emu" && backend != "gpu") return usage(fmt::format("--backend '{}': the backends are emu and gpu", backend));
#ifdef TF_HAVE_CUDA_EMU
  ModuleRef tir(&module);
  if (is_func) {
    Result<ModuleRef> lowered = eval::tir::lower_function(module, fn, cli_context());
    TF_TRY(lowered);
    tir = *lowered;
  }
  const auto* entry = dynamic_cast<const tf::tir::PrimFunction*>(tir->find(fn));
  if (entry == nullptr) return usage(fmt::format("no TIR function {} to run", fn));
  // The outputs' extents: static ones, and DimVars bound from the inputs' extents.
  std::map<std::string, std::int64_t> dims;
  const std::vector<VarRef> visible = eval::tir::input_params(*entry);
  for (std::size_t i = 0; i < visible.size() && i < inputs.size(); ++i) {
    const auto* t = visible[i]->type()->as<TensorType>();
    for (std::size_t k = 0; t != nullptr && k < t->shape.size() && k < inputs[i].shape().size(); ++k)
      if (const auto* v = t->shape[k].is_static() ? nullptr : t->shape[k].expr()->as<DimVar>()) dims[v->name] = inputs[i].shape()[k];
  }
  std::vector<eval::Tensor> outputs;
  for (const VarRef& o : entry->outputs()) {
    const auto* t = o->type()->as<TensorType>();
    std::vector<std::int64_t> shape;
    for (const ShapeDim& d : t->shape) {
      const auto* v = d.is_static() ? nullptr : d.expr()->as<DimVar>();
      if (!d.is_static() && (v == nullptr || dims.count(v->name) == 0))
        return usage(fmt::format("output {} of {} has an extent no input binds: not emitted yet", o->name, fn));
      shape.push_back(d.is_static() ? d.value() : dims.at(v->name));
    }
    outputs.push_back(eval::Tensor::make(t->dtype, shape));
  }
  Result<bool> ran = backend == "gpu" ? cuda::run_on_gpu(*tir, fn, cli_context(), inputs, outputs)
                                      : cuda::run_emulated(*tir, fn, cli_context(), inputs, outputs);
  TF_TRY(ran);
  return package(std::move(outputs), is_func && returns_tuple(module, fn));
#else
  (void)module, (void)fn, (void)is_func, (void)inputs;
  return usage(fmt::format("--backend {}: this build has no CUDA headers, so no CUDA backend", backend));
#endif
}

}  // namespace tf::cli
