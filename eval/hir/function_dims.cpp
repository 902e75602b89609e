// dim_vars_of (evaluator.h): every DimVar a function mentions, found by one walk of its DAG.
#include "eval/hir/evaluator.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <unordered_set>

#include "eval/hir/op_eval.h"
#include "ir/core/call.h"
#include "ir/core/function_call.h"
#include "ir/core/tuple.h"
#include "ir/dim/dim_eval.h"
#include "ir/core/grid_region.h"
#include "ir/type/tensor_type.h"
#include "ir/type/tuple_type.h"

namespace tf::eval {
namespace {

// The DimVars of a dim, appended to `out` once each.
void collect_dim_vars(const ShapeDim& d, std::vector<DimVarRef>& out) {
  if (d.is_static()) return;
  for (const DimVarRef& v : free_dim_vars(d.expr()))
    if (std::find(out.begin(), out.end(), v) == out.end()) out.push_back(v);
}

// The DimVars of the dims of a tensor type, or of a tuple type's fields.
void collect_dim_vars(const IRType& t, std::vector<DimVarRef>& out) {
  if (!t) return;
  if (const auto* tt = t->as<TensorType>()) {
    for (const ShapeDim& d : tt->shape) collect_dim_vars(d, out);
  } else if (const auto* tu = t->as<TupleType>()) {
    for (const IRType& f : tu->fields) collect_dim_vars(f, out);
  }
}

}  // namespace

std::vector<DimVarRef> dim_vars_of(const hir::Function& f) {
  std::vector<DimVarRef> out;
  for (const VarRef& p : f.params()) collect_dim_vars(p->type(), out);
  std::unordered_set<const ExprNode*> seen;
  std::vector<const ExprNode*> work;
  if (f.body()) work.push_back(f.body().get());
  auto push = [&](const Expr& e) {
    if (e && seen.insert(e.get()).second) work.push_back(e.get());
  };
  while (!work.empty()) {
    const ExprNode* n = work.back();
    work.pop_back();
    collect_dim_vars(n->type(), out);
    if (const auto* c = n->as<Call>()) {
      for (const Expr& a : c->args) push(a);
      for (const AttrValue& a : c->attrs) {
        if (const auto* t = std::get_if<IRType>(&a)) collect_dim_vars(*t, out);
        if (const auto* d = std::get_if<ShapeDim>(&a)) collect_dim_vars(*d, out);
        if (const auto* ds = std::get_if<std::vector<ShapeDim>>(&a))
          for (const ShapeDim& d : *ds) collect_dim_vars(d, out);
      }
    } else if (const auto* t = n->as<Tuple>()) {
      for (const Expr& a : t->elements) push(a);
    } else if (const auto* g = n->as<TupleGetItem>()) {
      push(g->tuple);
    } else if (const auto* fc = n->as<FunctionCall>()) {
      for (const Expr& a : fc->args) push(a);
    } else if (const auto* r = n->as<GridRegionExpr>()) {
      for (const ShapeDim* d : {&r->start(), &r->stop(), &r->step()}) collect_dim_vars(*d, out);
      for (const Expr& a : r->inits()) push(a);
      for (const Expr& a : r->yields()) push(a);
      push(r->body());
    }
  }
  return out;
}

std::optional<Diagnostic> bind_input_dims(std::string_view function, const std::vector<VarRef>& params,
                                          const std::vector<Shape>& shapes, const std::vector<DimVarRef>& known,
                                          const std::map<std::string, std::int64_t>& user_dims, DimBinding& dims) {
  auto usage = [](std::string message) { return category_error(DiagCategory::Usage, std::move(message)); };
  auto with_message = [](Diagnostic d, std::string message) {
    d.message = std::move(message);
    return d;
  };
  // User values first, for any DimVar the function mentions.
  for (const auto& user : user_dims) {
    const std::string& name = user.first;  // a plain reference: clang 14 cannot capture a binding
    const std::int64_t value = user.second;
    auto it = std::find_if(known.begin(), known.end(), [&](const DimVarRef& v) { return v->name == name; });
    if (it == known.end()) {
      std::vector<std::string> names;
      for (const DimVarRef& v : known) names.push_back(v->name);
      return usage(fmt::format("--dim {}: @{} has no DimVar {} (its DimVars: {})", name, function, name,
                               names.empty() ? std::string("none") : fmt::format("{}", fmt::join(names, ", "))));
    }
    if (auto e = dims.bind(*it, value)) return with_message(*e, fmt::format("--dim {}: {}", name, e->message));
  }
  // Every bare DimVar extent binds from its argument; a second occurrence must agree.
  for (std::size_t i = 0; i < shapes.size(); ++i) {
    const Var& p = *params[i];
    const auto* t = p.type()->as<TensorType>();
    const Shape& shape = shapes[i];
    if (static_cast<int>(shape.size()) != t->rank())
      return usage(fmt::format("input {} of @{} has rank {} (shape {}); the parameter has rank {}", p.name,
                               function, shape.size(), shape_text(shape), t->rank()));
    for (std::size_t a = 0; a < shape.size(); ++a) {
      const DimVar* v = t->shape[a].dim_var();
      if (v == nullptr) continue;
      if (std::optional<std::int64_t> bound = dims.lookup(*v)) {
        if (*bound != shape[a])
          return eval_error(fmt::format("input {} of @{}: axis {} has extent {} but {} is already bound to {}",
                                        p.name, function, a, shape[a], v->name, *bound));
        continue;
      }
      if (auto e = dims.bind(DimVarRef(v), shape[a]))
        return with_message(*e, fmt::format("input {} of @{}: axis {}: {}", p.name, function, a, e->message));
    }
  }
  // Then every extent (static, bare or an expression) must equal the argument's.
  for (std::size_t i = 0; i < shapes.size(); ++i) {
    const Var& p = *params[i];
    const auto* t = p.type()->as<TensorType>();
    for (std::size_t a = 0; a < shapes[i].size(); ++a) {
      const ShapeDim& d = t->shape[a];
      Result<std::int64_t> want = d.is_static() ? Result<std::int64_t>(d.value()) : evaluate_dim(d.expr(), dims);
      if (!want.ok()) return want.diagnostics().front();
      if (*want != shapes[i][a])
        return usage(fmt::format("input {} of @{} has shape {}; axis {} must be {}", p.name, function,
                                 shape_text(shapes[i]), a, *want));
    }
  }
  return std::nullopt;
}

std::vector<DimVarRef> dim_vars_of(const std::vector<VarRef>& params) {
  std::vector<DimVarRef> out;
  for (const VarRef& p : params) collect_dim_vars(p->type(), out);
  return out;
}

}  // namespace tf::eval
