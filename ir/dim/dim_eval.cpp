#include "ir/dim/dim_eval.h"

#include <fmt/format.h>

#include <algorithm>
#include <utility>

#include "ir/core/call.h"
#include "ir/core/constant.h"
#include "ir/core/expr_print.h"
#include "ir/core/shape_of.h"
#include "ir/core/tuple.h"
#include "ir/dim/dim_arith.h"

namespace tf {

namespace {

Diagnostic eval_error(std::string message) {
  return category_error(DiagCategory::Eval, std::move(message));
}

void collect(const Expr& e, std::vector<DimVarRef>& out) {
  switch (e->kind()) {
    case ExprKind::DimVar: {
      const DimVar* v = e->as<DimVar>();
      auto same = [v](const DimVarRef& r) { return r.get() == v; };
      if (std::none_of(out.begin(), out.end(), same)) out.emplace_back(v);
      return;
    }
    case ExprKind::Call:
      for (const Expr& a : e->as<Call>()->args) collect(a, out);
      return;
    case ExprKind::Tuple:
      for (const Expr& a : e->as<Tuple>()->elements) collect(a, out);
      return;
    case ExprKind::TupleGetItem:
      collect(e->as<TupleGetItem>()->tuple, out);
      return;
    case ExprKind::ShapeOf:
      // The extent's value is the declared shape entry's: its DimVars are what it depends on.
      if (const ShapeDim& d = e->as<ShapeOf>()->extent(); !d.is_static()) collect(d.expr(), out);
      return;
    case ExprKind::Constant:
    case ExprKind::Var:
    case ExprKind::SymbolRef:
    case ExprKind::FunctionCall:
    case ExprKind::GridRegionExpr:
      return;  // not dim expressions: they contribute no DimVar of a shape
  }
  TF_UNREACHABLE("bad ExprKind");
}

}  // namespace

std::optional<Diagnostic> DimBinding::bind(const DimVarRef& var, std::int64_t value) {
  TF_CHECK(var, "binding a null DimVar");
  if (!var->contains(value))
    return rule_error("TYPES.4.DIM.dimvar-half-open",
                      fmt::format("{} = {} is outside its envelope [{}, {}) (lo inclusive, hi "
                                  "exclusive)",
                                  var->name, value, var->lo, var->hi));
  values_[var.get()] = value;
  return std::nullopt;
}

std::optional<std::int64_t> DimBinding::lookup(const DimVar& var) const {
  auto it = values_.find(&var);
  if (it == values_.end()) return std::nullopt;
  return it->second;
}

Result<std::int64_t> evaluate_dim(const Expr& e, const DimBinding& binding) {
  TF_CHECK(e, "evaluate_dim of a null Expr");
  switch (e->kind()) {
    case ExprKind::Constant: {
      const Constant* c = e->as<Constant>();
      if (!c->is_int())
        return eval_error(fmt::format("the dim operand {} is not an int", to_string(e)));
      return c->int_value();
    }
    case ExprKind::DimVar: {
      const DimVar* v = e->as<DimVar>();
      if (auto value = binding.lookup(*v)) return *value;
      return eval_error(fmt::format("DimVar {} [{}, {}) is not bound", v->name, v->lo, v->hi));
    }
    case ExprKind::Call: {
      const Call* call = e->as<Call>();
      std::optional<DimOpKind> kind = dim_op_kind(call->op);
      if (!kind || call->args.size() != 2)
        return eval_error(fmt::format("{} is not a dim expression", to_string(e)));
      Result<std::int64_t> a = evaluate_dim(call->args[0], binding);
      TF_TRY(a);
      Result<std::int64_t> b = evaluate_dim(call->args[1], binding);
      TF_TRY(b);
      return apply_dim_op(*kind, *a, *b);
    }
    case ExprKind::ShapeOf: {
      // ShapeOf is i32 and widens to i64 here (DESIGN.md D7); an extent outside i32 cannot be
      // the value of a ShapeOf.
      const ShapeDim& d = e->as<ShapeOf>()->extent();
      Result<std::int64_t> v =
          d.is_static() ? Result<std::int64_t>(d.value()) : evaluate_dim(d.expr(), binding);
      TF_TRY(v);
      if (!std::in_range<std::int32_t>(*v))
        return eval_error(fmt::format("{} = {} does not fit its i32 type", to_string(e), *v));
      return *v;
    }
    case ExprKind::Var:
      return eval_error(fmt::format("the Var {} is not a dim expression", to_string(e)));
    case ExprKind::Tuple:
    case ExprKind::TupleGetItem:
    case ExprKind::SymbolRef:
    case ExprKind::FunctionCall:
    case ExprKind::GridRegionExpr:
      return eval_error(fmt::format("{} is not a dim expression", to_string(e)));
  }
  TF_UNREACHABLE("bad ExprKind");
}

std::vector<DimVarRef> free_dim_vars(const Expr& e) {
  std::vector<DimVarRef> out;
  if (e) collect(e, out);
  return out;
}

}  // namespace tf
