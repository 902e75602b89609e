// The entry of a run (evaluator.h): which function a run names, and its inputs converted at
// the boundary.
#include "eval/hir/evaluator.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "eval/value/tensor_convert.h"
#include "ir/support/nearest_names.h"
#include "ir/type/tensor_type.h"

namespace tf::eval {

namespace {

// "the funcs: a, b; the prim_funcs: k" (each kind that the module has, in that order), or "the
// file has no functions".
std::string functions_by_kind(const Module& module) {
  std::vector<std::string> groups;
  for (FunctionKind kind : {FunctionKind::Hir, FunctionKind::Tir, FunctionKind::Extern}) {
    std::vector<std::string> names;
    for (const FunctionRef& f : module.functions())
      if (f->kind() == kind) names.push_back(f->name());
    if (!names.empty()) groups.push_back(fmt::format("the {}s: {}", function_kind_name(kind), fmt::join(names, ", ")));
  }
  return groups.empty() ? std::string("the file has no functions") : fmt::format("{}", fmt::join(groups, "; "));
}

}  // namespace

Result<const hir::Function*> find_function_to_run(const Module& module, const std::string& wanted) {
  std::string name = wanted;
  if (name.empty() && module.entry()) name = *module.entry();
  const hir::Function* last = nullptr;
  for (const FunctionRef& g : module.functions()) {
    if (g->kind() != FunctionKind::Hir) continue;
    const auto& h = static_cast<const hir::Function&>(*g);
    if (!name.empty() && h.name() == name) return &h;
    if (!h.is_variant()) last = &h;
  }
  if (!name.empty()) {
    if (const FunctionBase* other = module.find(name))
      return category_error(
          DiagCategory::Usage,
          fmt::format("@{} is a {}, not a func: the HIR evaluator runs funcs ({}){}", name, other->function_kind(),
                      functions_by_kind(module),
                      other->kind() == FunctionKind::Tir
                          ? "; a prim_func runs on the TIR machine model (levels tir, cuda-emu and cuda-gpu)"
                          : ""));
    Diagnostic d = category_error(DiagCategory::Usage,
                                  fmt::format("there is no function {} ({})", name, functions_by_kind(module)));
    return suggest_nearest(d, name, module.function_names(), "@");
  }
  if (last != nullptr) return last;
  return category_error(DiagCategory::Usage,
                        fmt::format("there is no func to evaluate ({})", functions_by_kind(module)));
}

Result<Tensor> convert_input(const Tensor& input, const Var& param) {
  const auto* t = param.type()->as<TensorType>();
  TF_CHECK(t != nullptr, "parameter {} is not tensor-typed", param.name);
  if (input.rank() != t->rank())
    return category_error(DiagCategory::Usage,
                          fmt::format("input {} has rank {} (shape {}); the parameter has rank {}",
                                      param.name, input.rank(), shape_text(input.shape()), t->rank()));
  for (int a = 0; a < t->rank(); ++a) {
    const ShapeDim& d = t->shape[a];
    if (d.is_static() && d.value() != input.shape()[a])
      return category_error(DiagCategory::Usage,
                            fmt::format("input {} has shape {}; axis {} of the parameter is {}",
                                        param.name, shape_text(input.shape()), a, d.value()));
  }
  if (input.dtype() == t->dtype) return input;
  auto kind = [](DType d) { return d.is_compound() || d.is_float() ? 0 : d.is_integer() ? 1 : 2; };
  if (kind(input.dtype()) != kind(t->dtype))
    return category_error(DiagCategory::Usage,
                          fmt::format("input {} is {}, the parameter is {}: an input converts at "
                                      "the boundary only within its kind (float to float, integer "
                                      "to integer)",
                                      param.name, input.dtype().name(), t->dtype.name()));
  Result<Tensor> c = cast_tensor(input, t->dtype, default_cast_options(t->dtype));
  if (!c.ok()) {
    std::vector<Diagnostic> ds = c.diagnostics();
    for (Diagnostic& d : ds) d.message = fmt::format("input {}: {}", param.name, d.message);
    return ds;
  }
  return c;
}

}  // namespace tf::eval
