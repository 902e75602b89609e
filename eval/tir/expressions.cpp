// Expressions in one thread: constants, Vars, ShapeOf and dim arithmetic, and rank-0 tensors
// read as scalars (a condition, a bound, a fill value), each such read checked like any other.
#include <fmt/format.h>

#include "eval/tir/thread_runner.h"
#include "eval/value/tensor_convert.h"
#include "ir/core/constant.h"
#include "ir/core/expr_print.h"
#include "ir/core/shape_of.h"
#include "ir/dim/dim_arith.h"
#include "ir/dim/dim_ops.h"
#include "ir/dim/dim_var.h"

namespace tf::eval::tir {

Result<RtValue> ThreadRunner::eval(const Expr& e) {
  if (const auto* k = e->as<Constant>()) {
    if (k->is_int()) return RtValue::integer(k->int_value());
    if (k->is_float()) return RtValue::real(k->float_value());
    return RtValue::boolean(k->bool_value());
  }
  if (const auto* v = e->as<Var>()) {
    if (const RtValue* bound = activation().lookup(*v)) return *bound;  // a function sees only its own
    return eval_error_at(m_, current_, fmt::format("{} has no value here", v->name));
  }
  if (const auto* d = e->as<DimVar>()) {  // a loop bound over a DimVar: the run's binding
    if (std::optional<std::int64_t> v = m_.dims().lookup(*d)) return RtValue::integer(*v);
    return eval_error_at(m_, current_, fmt::format("the DimVar {} has no value here (no input extent binds it: give --dim {}=...)",
                                                   d->name, d->name));
  }
  if (const auto* s = e->as<ShapeOf>()) {
    Result<RtValue> p = eval(s->param);
    if (!p.ok()) return p;
    if (p->kind != RtValue::Kind::View) return eval_error_at(m_, current_, fmt::format("ShapeOf({}): not a tensor", s->param->name));
    return RtValue::integer(p->view->shape[static_cast<std::size_t>(s->axis)]);
  }
  if (const auto* c = e->as<Call>()) {
    if (std::optional<DimOpKind> k = dim_op_kind(c->op)) {
      Result<std::int64_t> a = eval_int(c->args[0]);
      if (!a.ok()) return a.diagnostics();
      Result<std::int64_t> b = eval_int(c->args[1]);
      if (!b.ok()) return b.diagnostics();
      Result<std::int64_t> r = apply_dim_op(*k, *a, *b);
      if (!r.ok()) {
        Diagnostic d = r.diagnostics().front();
        d.location = m_.location_of(current_);
        return d;
      }
      return RtValue::integer(*r);
    }
    return eval_error_at(m_, current_, fmt::format("{} cannot be evaluated as an expression here", c->op.name()));
  }
  return eval_error_at(m_, current_, fmt::format("{} cannot be evaluated here", short_text(e, 48)));
}

// A rank-0 tensor read as a scalar (a condition, a bound, a fill value).
static Result<RtValue> scalar_of(ThreadRunner& r, const RtValue& v) {
  if (v.kind != RtValue::Kind::View) return v;
  const View& view = *v.view;
  if (view.size != 1)
    return eval_error_at(r.m_, r.current_, fmt::format("{} is a tensor of {} elements where a scalar is needed", view.name, view.size));
  Result<Gathered> g = r.gather(view, ElementList{0}, ReadUse::Control);
  if (!g.ok()) return g.diagnostics();
  const DType d = view.dtype;
  if (d.is_float()) return RtValue::real(element_f64(g->values, 0));
  if (d == DType::boolean()) return RtValue::boolean(g->values.code(0) != 0);
  return RtValue::integer(to_i64(g->values)[0]);
}

Result<std::int64_t> ThreadRunner::eval_int(const Expr& e) {
  Result<RtValue> v = eval(e);
  if (!v.ok()) return v.diagnostics();
  Result<RtValue> s = scalar_of(*this, *v);
  if (!s.ok()) return s.diagnostics();
  if (s->kind == RtValue::Kind::Int) return s->i;
  if (s->kind == RtValue::Kind::Bool) return s->b ? 1 : 0;
  return eval_error_at(m_, current_, fmt::format("{} is a float where an integer is needed", short_text(e, 48)));
}

Result<bool> ThreadRunner::eval_condition(const Expr& e) {
  Result<RtValue> v = eval(e);
  if (!v.ok()) return v.diagnostics();
  Result<RtValue> s = scalar_of(*this, *v);
  if (!s.ok()) return s.diagnostics();
  switch (s->kind) {
    case RtValue::Kind::Int: return s->i != 0;
    case RtValue::Kind::Bool: return s->b;
    case RtValue::Kind::Float: return s->f != 0;
    case RtValue::Kind::View:
    case RtValue::Kind::Unset: break;
  }
  return eval_error_at(m_, current_, "a condition is not a scalar");
}

Result<ViewRef> ThreadRunner::operand_view(const Expr& e) {
  Result<RtValue> v = eval(e);
  if (!v.ok()) return v.diagnostics();
  if (v->kind != RtValue::Kind::View)
    return eval_error_at(m_, current_, fmt::format("{} is a scalar where a tensor is needed", short_text(e, 48)));
  return v->view;
}

}  // namespace tf::eval::tir
