#include "ir/dim/dim_eval.h"

#include <fmt/format.h>

#include <utility>

#include "ir/core/expr_functor.h"
#include "ir/core/expr_print.h"
#include "ir/core/expr_visitor.h"
#include "ir/dim/dim_arith.h"

namespace tf {

namespace {

Diagnostic eval_error(std::string message) {
  return category_error(DiagCategory::Eval, std::move(message));
}

// The DimVars a dim expression mentions, each once, in first-use order. A ShapeOf depends on
// the DimVars of the declared shape entry it reads; expressions that are not dims (a function
// call, a loop) contribute none.
class DimVarCollector final : public ExprVisitor {
 public:
  std::vector<DimVarRef> found;

 protected:
  using ExprVisitor::visit_node;
  void visit_node(const DimVar& v) override { found.emplace_back(&v); }
  void visit_node(const ShapeOf& s) override {
    if (const ShapeDim& d = s.extent(); !d.is_static()) visit_child(d.expr(), ChildStep{"extent"});
  }
  void visit_node(const FunctionCall&) override {}
  void visit_node(const GridRegionExpr&) override {}
};

// The value of a dim expression under a binding of its DimVars.
class DimEvaluator final : public ExprFunctor<Result<std::int64_t>> {
 public:
  explicit DimEvaluator(const DimBinding& binding) : binding_(binding) {}

  Result<std::int64_t> eval(const Expr& e) { return dispatch(*e); }

 protected:
  Result<std::int64_t> on(const Constant& c) override {
    if (!c.is_int())
      return eval_error(fmt::format("the dim operand {} is not an int", to_string(Expr(&c))));
    return c.int_value();
  }
  Result<std::int64_t> on(const DimVar& v) override {
    if (auto value = binding_.lookup(v)) return *value;
    return eval_error(fmt::format("DimVar {} [{}, {}) is not bound", v.name, v.lo, v.hi));
  }
  Result<std::int64_t> on(const Call& call) override {
    std::optional<DimOpKind> kind = dim_op_kind(call.op);
    if (!kind || call.args.size() != 2) return not_a_dim(call);
    Result<std::int64_t> a = eval(call.args[0]);
    TF_TRY(a);
    Result<std::int64_t> b = eval(call.args[1]);
    TF_TRY(b);
    return apply_dim_op(*kind, *a, *b);
  }
  Result<std::int64_t> on(const ShapeOf& s) override {
    // ShapeOf is i32 and widens to i64 here (docs/decisions.md D7); an extent outside i32 cannot be
    // the value of a ShapeOf.
    const ShapeDim& d = s.extent();
    Result<std::int64_t> v = d.is_static() ? Result<std::int64_t>(d.value()) : eval(d.expr());
    TF_TRY(v);
    if (!std::in_range<std::int32_t>(*v))
      return eval_error(fmt::format("{} = {} does not fit its i32 type", to_string(Expr(&s)), *v));
    return *v;
  }
  Result<std::int64_t> on(const Var& v) override {
    return eval_error(fmt::format("the Var {} is not a dim expression", to_string(Expr(&v))));
  }
  Result<std::int64_t> on(const Tuple& n) override { return not_a_dim(n); }
  Result<std::int64_t> on(const TupleGetItem& n) override { return not_a_dim(n); }
  Result<std::int64_t> on(const SymbolRef& n) override { return not_a_dim(n); }
  Result<std::int64_t> on(const FunctionCall& n) override { return not_a_dim(n); }
  Result<std::int64_t> on(const GridRegionExpr& n) override { return not_a_dim(n); }

 private:
  static Diagnostic not_a_dim(const ExprNode& e) {
    return eval_error(fmt::format("{} is not a dim expression", to_string(Expr(&e))));
  }
  const DimBinding& binding_;
};

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
  return DimEvaluator(binding).eval(e);
}

std::vector<DimVarRef> free_dim_vars(const Expr& e) {
  if (!e) return {};
  DimVarCollector c;
  c.visit(e);
  return std::move(c.found);
}

}  // namespace tf
