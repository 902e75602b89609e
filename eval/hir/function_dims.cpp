// dim_vars_of (evaluator.h): every DimVar a function mentions, found by one walk of its DAG.
#include "eval/hir/evaluator.h"

#include <algorithm>
#include <unordered_set>

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

}  // namespace tf::eval
