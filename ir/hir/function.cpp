#include "ir/hir/function.h"

#include <fmt/format.h>

#include <map>

#include "ir/core/expr_print.h"
#include "ir/core/op.h"
#include "ir/core/structural.h"
#include "ir/dim/dim_var.h"
#include "ir/type/tensor_type.h"
#include "ir/type/type_print.h"

namespace tf::hir {

namespace {

Diagnostic type_error(std::string message) {
  return category_error(DiagCategory::Type, std::move(message));
}

// TYPES.4.DIM.dimvar-signature-bounds-agree over the bare DimVar entries of the params.
void check_dim_bounds(const std::string& fn, const std::vector<VarRef>& params,
                      std::vector<Diagnostic>& diags) {
  std::map<std::string, const DimVar*, std::less<>> seen;
  for (const VarRef& p : params) {
    const TensorType* t = p ? p->type()->as<TensorType>() : nullptr;
    if (t == nullptr) continue;
    for (const ShapeDim& d : t->shape) {
      const DimVar* v = d.dim_var();
      if (v == nullptr) continue;
      auto [it, fresh] = seen.emplace(v->name, v);
      if (!fresh && (it->second->lo != v->lo || it->second->hi != v->hi))
        diags.push_back(rule_error(
            "TYPES.4.DIM.dimvar-signature-bounds-agree",
            fmt::format("function {}: DimVar '{}' has bounds [{}, {}) and [{}, {}) in one "
                        "signature; same-name DimVars must agree",
                        fn, v->name, it->second->lo, it->second->hi, v->lo, v->hi)));
    }
  }
}

}  // namespace

Result<Ref<const Function>> Function::make(std::string name, std::vector<VarRef> params, Expr body,
                                           IRType return_type, BindingNames names) {
  std::vector<Diagnostic> diags;
  if (!is_identifier(name))
    diags.push_back(type_error(fmt::format("HIR function name '{}' is not an identifier", name)));
  std::vector<IRType> param_types;
  for (std::size_t i = 0; i < params.size(); ++i) {
    if (!params[i]) {
      diags.push_back(type_error(fmt::format("function {}: parameter {} is null", name, i)));
      continue;
    }
    for (std::size_t j = 0; j < i; ++j)
      if (params[j].same_as(params[i]))
        diags.push_back(type_error(
            fmt::format("function {}: parameter {} is the Var '{}' of parameter {} again", name, i,
                        params[i]->name, j)));
    if (!params[i]->type()->is<TensorType>())
      diags.push_back(type_error(
          fmt::format("function {}: parameter '{}' has type {}; an HIR parameter is a tensor", name,
                      params[i]->name, to_string(params[i]->type()))));
    param_types.push_back(params[i]->type());
  }
  check_dim_bounds(name, params, diags);
  if (!body) {
    diags.push_back(type_error(fmt::format("function {} needs a body", name)));
  } else if (!return_type) {
    return_type = body->type();
  } else if (!structural_equal(return_type, body->type())) {
    diags.push_back(
        type_error(fmt::format("function {} declares the return type {}, but its "
                               "body has type {}",
                               name, to_string(return_type), to_string(body->type()))));
  }
  if (!diags.empty()) return diags;
  Result<CallableTypeRef> type = CallableType::make(return_type, std::move(param_types));
  if (!type.ok()) return type.diagnostics();
  return Ref<const Function>(
      new Function(std::move(name), std::move(params), std::move(body), *type, std::move(names)));
}

std::string to_string(const Function& f) {
  std::string s = fmt::format("func @{}(", f.name());
  for (std::size_t i = 0; i < f.params().size(); ++i)
    s += fmt::format("{}{}: {}", i ? ", " : "", f.params()[i]->name,
                     to_string(f.params()[i]->type()));
  return s + fmt::format(") -> {} {{ {} }}", to_string(f.return_type()), to_string(f.body()));
}

}  // namespace tf::hir
