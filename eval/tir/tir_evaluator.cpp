// evaluate_prim_function (tir_evaluator.h): binds the parameters to buffers, runs the machine,
// reads the outputs back.
#include "eval/tir/tir_evaluator.h"
#include "eval/tir/planned_outputs.h"

#include <fmt/format.h>

#include <algorithm>

#include "eval/hir/evaluator.h"
#include "eval/hir/op_eval.h"
#include "eval/tir/block_scaled_planes.h"
#include "eval/tir/machine.h"
#include "eval/tir/view_contents.h"
#include "eval/value/memory_budget.h"
#include "ir/tir/hidden_shape_params.h"
#include "ir/type/tensor_type.h"

namespace tf::eval::tir {

namespace {

Diagnostic usage(std::string message) { return category_error(DiagCategory::Usage, std::move(message)); }

Space param_space(const TensorType& t) {
  if (t.storage == StorageKind::Host) return Space::Host;
  if (t.storage == StorageKind::Smem) return Space::Shared;
  if (t.storage == StorageKind::Rmem) return Space::Register;
  return Space::Global;
}

// A buffer holding a tensor of `type` and `shape`, and its view.
Result<ViewRef> param_buffer(Machine& m, const Var& p, const TensorType& type, const Shape& shape) {
  if (type.dtype.is_compound())
    return block_scaled_buffers(
        p.name, type, shape,
        [&](std::size_t, DType dtype, std::int64_t count, std::string name) { return m.allocate(param_space(type), dtype, count, std::move(name)); },
        false, m.views);
  Result<ViewCaches::TypeLayout> placed = type_layout(type, shape, false, m.views);
  if (!placed.ok()) return placed.diagnostics();
  return buffer_view(p.name, type, shape, m.allocate(param_space(type), type.dtype, placed->count, p.name), false, m.views);
}

// The same DimVar binding as the HIR evaluator's (a user's --dim, then the inputs' extents) for
// inputs of `shapes`. A --dim may name a DimVar of the parameters or one the module declares: a
// kernel's loop bound (a lowered HIR loop over `range(0, N)`) is a DimVar no parameter carries.
std::optional<Diagnostic> bind_run_dims(const Module& module, const tf::tir::PrimFunction& fn, const std::vector<VarRef>& wanted,
                                        const std::vector<Shape>& shapes, const TirEvalOptions& options, DimBinding& dims) {
  std::vector<DimVarRef> known = dim_vars_of(fn.params());
  for (const ModuleDecl& decl : module.declarations())
    if (const auto* v = std::get_if<DimVarRef>(&decl.value))
      if (std::none_of(known.begin(), known.end(), [&](const DimVarRef& k) { return k->name == (*v)->name; }))
        known.push_back(*v);
  return bind_input_dims(fn.name(), wanted, shapes, known, options.dims, dims);
}

// Writes the input `t` into the view of a parameter's whole buffer and marks it initialized.
void load_input(const View& v, const Tensor& t) {
  Buffer& b = *v.buffer;
  if (v.map->identity() && b.count() == t.size()) {
    std::copy(t.bytes().begin(), t.bytes().end(), b.data().mutable_bytes().begin());
    b.initialize_all();
    return;
  }
  for (std::int64_t i = 0; i < t.size(); ++i) {
    const std::int64_t off = v.map->offset(i);
    b.data().set_code(off, t.code(i));
    b.set_initialized(off, true);
  }
}

}  // namespace

Result<std::vector<Tensor>> planned_outputs(const Module& module, const tf::tir::PrimFunction& fn, const std::vector<Tensor>& inputs,
                                            const TirEvalOptions& options) {
  const std::vector<VarRef> wanted = input_params(fn);
  if (inputs.size() != wanted.size())
    return usage(fmt::format("@{} takes {} inputs, given {}", fn.name(), wanted.size(), inputs.size()));
  std::vector<Shape> shapes;
  for (const Tensor& t : inputs) shapes.push_back(t.shape());
  DimBinding dims;
  if (std::optional<Diagnostic> d = bind_run_dims(module, fn, wanted, shapes, options, dims)) return *d;
  const std::size_t first_output = fn.params().size() - static_cast<std::size_t>(fn.output_count());
  std::vector<Tensor> outputs;
  for (std::size_t i = first_output; i < fn.params().size(); ++i) {
    const Var& p = *fn.params()[i];
    const auto* type = p.type()->as<TensorType>();
    if (type == nullptr) return usage(fmt::format("parameter {} is not a tensor", p.name));
    Result<Shape> shape = resolve_shape(type->shape, dims);
    if (!shape.ok()) return shape.diagnostics();
    if (type->dtype.is_compound())  // a shape its format takes (make_zeros checks it)
      if (Result<std::vector<PlaneShape>> planes = plane_shapes(type->dtype, *shape); !planes.ok()) return planes.diagnostics();
    outputs.push_back(Tensor::make_zeros(type->dtype, *shape));
  }
  return outputs;
}

const char* mma_mode_name(MmaMode mode) {
  switch (mode) {
    case MmaMode::Exact: return "exact";
    case MmaMode::Sm80: return "sm80";
    case MmaMode::Sm90: return "sm90";
  }
  return "?";
}

std::optional<MmaMode> mma_mode_from_name(std::string_view name) {
  for (MmaMode m : {MmaMode::Exact, MmaMode::Sm80, MmaMode::Sm90})
    if (name == mma_mode_name(m)) return m;
  return std::nullopt;
}

Result<FunctionRef> function_to_run(const Module& module, const std::string& name) {
  return name.empty() ? module.entry_function() : module.lookup(name);
}

std::vector<VarRef> input_params(const tf::tir::PrimFunction& fn) {
  const auto hidden = tf::tir::hidden_shape_params(fn);
  const std::size_t inputs = fn.params().size() - static_cast<std::size_t>(fn.output_count());
  std::vector<VarRef> out;
  for (std::size_t i = 0; i < inputs; ++i)
    if (!hidden[i]) out.push_back(fn.params()[i]);
  return out;
}

Result<TirRun> evaluate_prim_function(const Module& module, const tf::tir::PrimFunction& fn,
                                      std::vector<Tensor> inputs, const TirEvalOptions& options) {
  std::optional<MemoryBudgetScope> budget;
  if (!MemoryBudgetScope::active()) budget.emplace(options.limits.memory_bytes());
  try {
    const std::vector<VarRef> wanted = input_params(fn);
    if (inputs.size() != wanted.size())
      return usage(fmt::format("@{} takes {} inputs, given {}", fn.name(), wanted.size(), inputs.size()));
    Machine m(module, options);
    std::vector<Tensor> converted;
    std::vector<Shape> shapes;
    for (std::size_t k = 0; k < wanted.size(); ++k) {
      Result<Tensor> t = convert_input(inputs[k], *wanted[k]);
      if (!t.ok()) return t.diagnostics();
      shapes.push_back(t->shape());
      converted.push_back(std::move(t).value());
    }
    DimBinding dims;
    if (std::optional<Diagnostic> d = bind_run_dims(module, fn, wanted, shapes, options, dims)) return *d;
    std::vector<RtValue> args(fn.params().size());
    std::vector<bool> bound(fn.params().size(), false);
    for (std::size_t k = 0; k < wanted.size(); ++k) {
      const Var& p = *wanted[k];
      const Tensor* t = &converted[k];
      const auto* type = p.type()->as<TensorType>();
      Result<ViewRef> view = param_buffer(m, p, *type, t->shape());
      if (!view.ok()) return view.diagnostics();
      if (t->is_block_scaled()) {
        const std::vector<Tensor> planes = plane_values(*t);
        for (std::size_t k = 0; k < planes.size(); ++k) load_input(*(*view)->planes[k], planes[k]);
      } else {
        load_input(**view, *t);
      }
      for (std::size_t i = 0; i < fn.params().size(); ++i)
        if (fn.params()[i].get() == &p) {
          args[i] = RtValue::of(*view);
          bound[i] = true;
        }
    }
    const auto hidden = tf::tir::hidden_shape_params(fn);
    std::vector<ViewRef> outputs;
    for (std::size_t i = 0; i < fn.params().size(); ++i) {
      if (bound[i] || hidden[i]) continue;
      const Var& p = *fn.params()[i];
      const auto* type = p.type()->as<TensorType>();
      if (type == nullptr) return usage(fmt::format("parameter {} is not a tensor", p.name));
      Result<Shape> shape = resolve_shape(type->shape, dims);
      if (!shape.ok()) return shape.diagnostics();
      Result<ViewRef> view = param_buffer(m, p, *type, *shape);
      if (!view.ok()) return view.diagnostics();
      args[i] = RtValue::of(*view);
      outputs.push_back(*view);
    }
    for (std::size_t i = 0; i < fn.params().size(); ++i) {
      if (!hidden[i]) continue;
      const RtValue& t = args[hidden[i]->tensor_param];
      args[i] = RtValue::integer(t.view->shape[static_cast<std::size_t>(hidden[i]->axis)]);
    }
    Fault fault = m.run_function(fn, args, dims);
    if (options.trace_out != nullptr) *options.trace_out = m.trace();
    if (fault) return *fault;
    TirRun run;
    for (const ViewRef& v : outputs) {
      ViewContents out = view_contents(*v);
      if (out.unwritten > 0) {
        SourceLocation at = fn.loc() ? *fn.loc() : SourceLocation{};
        return ub_diagnostic(UbKind::Uninitialized,
                             fmt::format("@{} leaves element {} of its output {} {} unwritten", fn.name(),
                                         out.first_unwritten, v->name, shape_text(v->shape)),
                             at);
      }
      run.outputs.push_back(std::move(out.values));
    }
    run.trace = m.trace();
    run.thread_statements = m.thread_statements();
    return run;
  } catch (const MemoryBudgetExceeded& e) {
    return category_error(DiagCategory::Eval, memory_budget_message(fn.name(), e));
  } catch (const std::bad_alloc&) {
    return category_error(DiagCategory::Eval, fmt::format("@{}: the system refused the memory the run needs (lower --max-memory to fail earlier)", fn.name()));
  }
}

}  // namespace tf::eval::tir
