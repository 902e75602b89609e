#include "driver/function_run.h"

#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <set>

#include "driver/ir_session.h"
#include "driver/value_dump.h"
#include "eval/hir/evaluator.h"
#include "eval/value/compare.h"
#include "eval/value/memory_budget.h"
#include "eval/value/npy_boundary.h"
#include "eval/tir/allocation_recorder.h"
#include "eval/tir/lowered_run.h"
#include "ir/numerics/block_format_of.h"
#include "ir/dim/dim_var.h"
#include "ir/hir/function.h"
#include "ir/tir/prim_function.h"
#include "ir/type/tensor_type.h"
#include "ir/type/tuple_type.h"
#ifdef TF_HAVE_CUDA_EMU
#include "cuda/driver/backend_run.h"
#include "lower/pipeline.h"
#endif

namespace tf::cli {
namespace {

Diagnostic usage(std::string message) { return category_error(DiagCategory::Usage, std::move(message)); }

// Whether the func `fn` returns a tuple (a one-output run then still gives a tuple).
bool returns_tuple(const Module& module, const std::string& fn) {
  const auto* h = function_as<hir::Function>(module.find(fn));
  return h != nullptr && h->return_type() && h->return_type()->as<TupleType>() != nullptr;
}

eval::Value package(std::vector<eval::Tensor> outs, bool tuple) {
  std::vector<eval::Value> vs(outs.begin(), outs.end());
  if (vs.size() == 1 && !tuple) return vs.front();
  return eval::Value::tuple(std::move(vs));
}

// The DimVar binding of a run of `fn` on `inputs` (already of its parameters' dtypes), as the
// evaluator of its level binds them: a --dim of `user` first, then each input's extents
// (eval::bind_input_dims, with the DimVars a --dim may name).
Result<DimBinding> bind_dims(const Module& module, const std::string& fn, const std::vector<eval::Tensor>& inputs,
                             const std::map<std::string, std::int64_t>& user) {
  const FunctionBase* f = module.find(fn);
  std::vector<VarRef> params;
  std::vector<DimVarRef> known;
  if (const auto* h = function_as<hir::Function>(f)) {
    params = h->params();
    known = eval::dim_vars_of(*h);
  } else if (const auto* prim = function_as<tf::tir::PrimFunction>(f)) {
    params = eval::tir::input_params(*prim);
    known = eval::dim_vars_of(prim->params());
    for (const ModuleDecl& decl : module.declarations())
      if (const auto* v = std::get_if<DimVarRef>(&decl.value))
        if (std::none_of(known.begin(), known.end(), [&](const DimVarRef& k) { return k->name == (*v)->name; })) known.push_back(*v);
  }
  if (params.size() != inputs.size()) return usage(fmt::format("@{} takes {} inputs, given {}", fn, params.size(), inputs.size()));
  std::vector<eval::Shape> shapes;
  for (const eval::Tensor& t : inputs) shapes.push_back(t.shape());
  DimBinding dims;
  if (std::optional<Diagnostic> d = eval::bind_input_dims(fn, params, shapes, known, user, dims)) return *d;
  return dims;
}

eval::tir::TirEvalOptions machine_options(const FunctionRunOptions& o) {
  eval::tir::TirEvalOptions options;
  options.dims = o.dims;
  options.limits = o.limits;
  options.schedule_seed = o.schedule_seed;
  options.trace = o.trace;
  options.trace_summary = o.trace_summary;
  options.trace_out = o.trace_out;
  options.mma = o.mma;
  return options;
}

// A prim_func run's dumped outputs (value_dump.h), each named by its parameter and placed at the
// prim_func.
void dump_outputs(const tf::tir::PrimFunction& prim, const std::vector<eval::Tensor>& outputs,
                  const std::set<std::string>& names, std::vector<eval::DumpedValue>& into) {
  const std::vector<VarRef> params = prim.outputs();
  for (std::size_t k = 0; k < params.size() && k < outputs.size(); ++k) {
    if (!names.empty() && !names.contains(params[k]->name)) continue;
    into.push_back(eval::DumpedValue{.name = params[k]->name,
                                     .location = prim.loc() ? *prim.loc() : SourceLocation{},
                                     .value = outputs[k]});
  }
}

#ifdef TF_HAVE_CUDA_EMU
// A lowered func's run on a backend reports on TIR the source has no places for: a diagnostic with
// neither a place nor a function is attributed to the func, so that the caller places it at the
// func's item (place_at_function).
std::vector<Diagnostic> attributed_to(const std::string& fn, std::vector<Diagnostic> diags) {
  for (Diagnostic& d : diags)
    if (!d.location.known() && d.function.empty()) d.function = fn;
  return diags;
}
#endif

}  // namespace

const std::vector<std::string>& run_levels() {
  static const std::vector<std::string> levels = {"hir", "tir", "emu", "gpu"};
  return levels;
}

bool is_run_level(const std::string& level) {
  return std::find(run_levels().begin(), run_levels().end(), level) != run_levels().end();
}

Result<std::vector<VarRef>> function_inputs(const Module& module, const std::string& fn) {
  const FunctionBase* f = module.find(fn);
  if (const auto* prim = function_as<tf::tir::PrimFunction>(f)) return eval::tir::input_params(*prim);
  if (const auto* h = function_as<hir::Function>(f)) return h->params();
  return usage(fmt::format("the program has no function '{}'", fn));
}

Result<eval::Tensor> input_from_npy(const eval::NpyView& a, const Var& param, const std::string& what) {
  // u8 / u16 arrays carry raw codes of the parameter's dtype; any other array keeps its own
  // dtype, to be converted at the boundary like a literal (convert_input).
  if (a.type == eval::NpyType::U8 || a.type == eval::NpyType::U16)
    return eval::tensor_from_npy(a, param.type()->as<TensorType>()->dtype, what);
  return eval::natural_tensor_from_npy(a, what);
}

Result<FunctionRun> run_function(const Module& module, const std::string& fn, std::vector<eval::Tensor> inputs,
                                 const FunctionRunOptions& options) {
  if (!is_run_level(options.level))
    return usage(fmt::format("level '{}': the levels are hir and tir, and the backends emu and gpu", options.level));
  const FunctionBase* f = module.find(fn);
  const auto* prim = function_as<tf::tir::PrimFunction>(f);
  const auto* h = function_as<hir::Function>(f);
  if (prim == nullptr && h == nullptr) return usage(fmt::format("the program has no function '{}'", fn));
  if (options.dump != nullptr && (options.level == "emu" || options.level == "gpu"))
    return usage(fmt::format("dumping values runs at the levels hir and tir (the evaluators), not on the backend {}",
                             options.level));
  const std::set<std::string> dump_names(options.dump_names.begin(), options.dump_names.end());
  if (options.level == "emu" || options.level == "gpu") {
    std::optional<FunctionRun> model;
    if (options.check) {  // the machine model first: a program it rejects has no value to show
      FunctionRunOptions at_tir = options;
      at_tir.level = "tir";
      at_tir.mma = options.level == "emu" ? eval::tir::MmaMode::Exact : eval::tir::MmaMode::Sm90;
      Result<FunctionRun> m = run_function(module, fn, inputs, at_tir);
      TF_TRY(m);
      model = std::move(*m);
    }
    Result<eval::Value> v = run_backend(module, fn, h != nullptr, std::move(inputs), options.level, options);
    TF_TRY(v);
    if (model) {
      const eval::Verdict same = eval::compare_values(*v, model->value, eval::Comparator::exact());
      if (!same.passed) {
        Diagnostic d = category_error(
            DiagCategory::Eval,
            fmt::format("the {} result of @{} differs from the TIR machine model's on the same inputs (a bug of the backend "
                        "or of the model, not of the program): {}",
                        options.level == "emu" ? "emulated CUDA" : "GPU", fn, same.message));
        d.rule_id = kBackendDiffersRule;
        return d;
      }
    }
    return FunctionRun{std::move(*v), model ? std::move(model->trace) : std::string()};
  }
  if (h != nullptr && options.level == "hir") {
    eval::HirEvalOptions o;
    o.handlers = &cli_context().handlers();
    o.dims = options.dims;
    o.limits = options.limits;
    if (options.dump != nullptr) o.on_binding = binding_dumper(dump_names, *options.dump);
    Result<eval::Value> v = eval::evaluate_function(module, *h, std::vector<eval::Value>(inputs.begin(), inputs.end()), o);
    TF_TRY(v);
    if (options.dump != nullptr)
      add_missing(*options.dump, dumpable_bindings(module, *h), dump_names, "never evaluated in this run");
    return FunctionRun{std::move(*v), {}};
  }
  eval::tir::TirEvalOptions machine = machine_options(options);
  eval::tir::AllocationRecorder recorder(dump_names);
  if (options.dump != nullptr) machine.on_allocation = recorder.observer();
  Result<eval::tir::TirRun> run =
      prim != nullptr ? eval::tir::evaluate_prim_function(module, *prim, std::move(inputs), machine)
                      : eval::tir::evaluate_lowered(module, fn, std::move(inputs), machine, cli_context());
  if (options.dump != nullptr) {
    *options.dump = recorder.finish();
    if (run.ok() && prim != nullptr) {
      dump_outputs(*prim, run->outputs, dump_names, *options.dump);
      add_missing(*options.dump, dumpable_bindings(module, *prim), dump_names, "never executed");
    }
  }
  TF_TRY(run);
  return FunctionRun{package(std::move(run->outputs), returns_tuple(module, fn)), std::move(run->trace)};
}

Result<eval::Value> run_backend(const Module& module, const std::string& fn, bool is_func, std::vector<eval::Tensor> inputs,
                                const std::string& backend, const FunctionRunOptions& options) {
  if (backend != "emu" && backend != "gpu") return usage(fmt::format("--backend '{}': the backends are emu and gpu", backend));
#ifdef TF_HAVE_CUDA_EMU
  // The DimVars as the evaluators bind them: a --dim first, then the inputs' extents, each
  // extent of each input checked (the same refusals as tf eval's).
  Result<DimBinding> dims = bind_dims(module, fn, inputs, options.dims);
  TF_TRY(dims);
  ModuleRef tir(&module);
  if (is_func) {
    Result<ModuleRef> lowered = lower::lower_function(module, fn, cli_context());
    TF_TRY(lowered);
    tir = *lowered;
  }
  const auto* entry = function_as<tf::tir::PrimFunction>(tir->find(fn));
  if (entry == nullptr) return usage(fmt::format("no TIR function {} to run", fn));
  // The outputs' extents: static ones, and DimVars bound above.
  std::vector<eval::Tensor> outputs;
  for (const VarRef& o : entry->outputs()) {
    const auto* t = o->type()->as<TensorType>();
    if (t == nullptr) return usage(fmt::format("output {} of {} is not a tensor", o->name, fn));
    std::vector<std::int64_t> shape;
    for (const ShapeDim& d : t->shape) {
      const auto* v = d.is_static() ? nullptr : d.expr()->as<DimVar>();
      std::optional<std::int64_t> value = d.is_static() ? std::optional<std::int64_t>(d.value()) : v != nullptr ? dims->lookup(*v) : std::nullopt;
      if (!value) return usage(fmt::format("output {} of {} has an extent no input binds: not emitted yet", o->name, fn));
      shape.push_back(*value);
    }
    if (t->dtype.is_compound()) {  // whole blocks, else make_zeros would refuse it
      Result<numerics::BlockScaleFormat> f = numerics::block_scale_format_of(t->dtype);
      TF_TRY(f);
      Result<numerics::BlockGrid> grid = numerics::block_grid(shape, *f);
      TF_TRY(grid);
    }
    try {
      outputs.push_back(eval::Tensor::make_zeros(t->dtype, shape));
    } catch (const eval::MemoryBudgetExceeded& e) {
      return category_error(DiagCategory::Eval, eval::memory_budget_message(fmt::format("output {} of {}", o->name, fn), e));
    }
  }
  cuda::BackendOptions run;
  run.limits = options.limits;
  run.stop_requested = &eval::interrupt_requested;  // the evaluators' Ctrl-C flag
  run.keep_files = options.keep_files;
  run.kept_dir = options.kept_dir;
  run.on_compile = options.on_compile;
  run.cache_dir = options.cache_dir;
  Result<bool> ran = backend == "gpu" ? cuda::run_on_gpu(*tir, fn, cli_context(), inputs, outputs, run)
                                      : cuda::run_emulated(*tir, fn, cli_context(), inputs, outputs, run);
  if (!ran.ok()) return is_func ? attributed_to(fn, ran.diagnostics()) : ran.diagnostics();
  return package(std::move(outputs), is_func && returns_tuple(module, fn));
#else
  (void)module, (void)fn, (void)is_func, (void)inputs, (void)options;
  return usage(fmt::format("--backend {}: this build has no CUDA headers, so no CUDA backend", backend));
#endif
}

}  // namespace tf::cli
