#include "ir/hir/function.h"

#include <fmt/format.h>

#include <map>

#include "ir/core/dim_var_range_pat.h"
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

// make's checks of the name and parameters; returns the parameter types.
std::vector<IRType> check_signature(const std::string& name, const std::vector<VarRef>& params,
                                    std::vector<Diagnostic>& diags) {
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
                      params[i]->name, short_text(params[i]->type()))));
    param_types.push_back(params[i]->type());
  }
  check_dim_bounds(name, params, diags);
  return param_types;
}

// make's check of the body against the declared return type (null: the body's type).
void check_body(const std::string& name, const Expr& body, IRType& return_type,
                std::vector<Diagnostic>& diags) {
  if (!body) {
    diags.push_back(type_error(fmt::format("function {} needs a body", name)));
  } else if (!return_type) {
    return_type = body->type();
  } else if (!structural_equal(return_type, body->type())) {
    diags.push_back(
        type_error(fmt::format("function {} declares the return type {}, but its "
                               "body has type {}",
                               name, short_text(return_type), short_text(body->type()))));
  }
}

}  // namespace

Result<Ref<const Function>> Function::make(std::string name, std::vector<VarRef> params, Expr body,
                                           IRType return_type) {
  std::vector<Diagnostic> diags;
  std::vector<IRType> param_types = check_signature(name, params, diags);
  check_body(name, body, return_type, diags);
  if (!diags.empty()) return diags;
  Result<CallableTypeRef> type = CallableType::make(return_type, std::move(param_types));
  TF_TRY(type);
  return Ref<const Function>(
      new Function(std::move(name), std::move(params), std::move(body), *type));
}

Result<Ref<const Function>> Function::make_prototype(std::string name, std::vector<VarRef> params,
                                                     IRType return_type,
                                                     std::vector<Ref<const Function>> variants) {
  std::vector<Diagnostic> diags;
  std::vector<IRType> param_types = check_signature(name, params, diags);
  if (!return_type)
    diags.push_back(type_error(fmt::format("prototype {} needs a declared return type", name)));
  for (std::size_t i = 0; i < variants.size(); ++i) {
    if (!variants[i])
      diags.push_back(type_error(fmt::format("prototype {}: variant {} is null", name, i)));
    else if (!variants[i]->is_variant())
      diags.push_back(type_error(fmt::format(
          "prototype {}: variant {} ('{}') is a {}; a prototype's variants are built by "
          "make_variant (one DimVarRangePat, a body, no variants of their own)",
          name, i, variants[i]->name(),
          variants[i]->is_prototype() ? "prototype" : "normal function")));
  }
  if (!diags.empty()) return diags;
  Result<CallableTypeRef> type = CallableType::make(return_type, std::move(param_types));
  TF_TRY(type);
  Ref<Function> f(new Function(std::move(name), std::move(params), Expr(), *type));
  f->variants_ = std::move(variants);
  return Ref<const Function>(f);
}

Result<Ref<const Function>> Function::make_variant(std::string name, std::string base_name,
                                                   std::vector<VarRef> params, Expr body,
                                                   IRType return_type, Pattern pattern) {
  std::vector<Diagnostic> diags;
  std::vector<IRType> param_types = check_signature(name, params, diags);
  if (!is_identifier(base_name))
    diags.push_back(type_error(fmt::format(
        "variant {}: its base's name '{}' is not an identifier", name, base_name)));
  check_body(name, body, return_type, diags);
  if (!pattern || !pattern->is<DimVarRangePat>())
    diags.push_back(type_error(fmt::format(
        "variant {} needs one DimVarRangePat specialization, found {}", name, to_string(pattern))));
  if (!diags.empty()) return diags;
  Result<CallableTypeRef> type = CallableType::make(return_type, std::move(param_types));
  TF_TRY(type);
  Ref<Function> f(new Function(std::move(name), std::move(params), std::move(body), *type));
  f->base_name_ = std::move(base_name);
  f->specializations_.push_back(std::move(pattern));
  return Ref<const Function>(f);
}

std::optional<DimLocation> locate_dim_var(const std::vector<VarRef>& params,
                                          std::string_view name) {
  for (std::size_t i = 0; i < params.size(); ++i) {
    const TensorType* t = params[i] ? params[i]->type()->as<TensorType>() : nullptr;
    if (t == nullptr) continue;
    for (std::size_t axis = 0; axis < t->shape.size(); ++axis)
      if (const DimVar* v = t->shape[axis].dim_var(); v != nullptr && v->name == name)
        return DimLocation{i, axis, v};
  }
  return std::nullopt;
}

std::string specialization_signature(const Function& f) {
  std::string out;
  for (const Pattern& p : f.specializations()) {
    const DimVarRangePat* r = p->as<DimVarRangePat>();
    if (r == nullptr) continue;
    out += fmt::format("{}{}${}_{}", out.empty() ? "" : ";", r->dim_var, r->lo, r->hi);
  }
  return out;
}

std::string to_string(const Function& f) {
  std::string s = fmt::format("func @{}(", f.name());
  for (std::size_t i = 0; i < f.params().size(); ++i)
    s += fmt::format("{}{}: {}", i ? ", " : "", f.params()[i]->name,
                     to_string(f.params()[i]->type()));
  if (f.is_prototype()) {
    s += fmt::format(") -> {} prototype [", to_string(f.return_type()));
    for (std::size_t i = 0; i < f.variants().size(); ++i)
      s += fmt::format("{}@{}", i ? ", " : "", f.variants()[i]->name());
    return s + "]";
  }
  if (f.is_variant())
    s = fmt::format("specialize @{}({}) as {}", f.base_name(), to_string(f.specializations()[0]),
                    s.substr(std::string("func ").size()));
  return s + fmt::format(") -> {} {{ {} }}", to_string(f.return_type()), to_string(f.body()));
}

}  // namespace tf::hir
