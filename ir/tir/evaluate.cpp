#include "ir/tir/evaluate.h"

#include <fmt/format.h>

#include "ir/type/unit_type.h"

namespace tf::tir {

Result<EvaluateRef> Evaluate::make_op(CallRef call, Loc loc) {
  if (!call) return category_error(DiagCategory::Type, "an Evaluate needs a callable");
  if (call->op.form() != OpForm::Effect)
    return rule_error(
        "TIR.1.4.EVAL.callable-kinds",
        fmt::format("{} is a value-form op: its Call has a result and is anchored by a LetStmt; "
                    "an Evaluate takes an effect-form op or a function symbol",
                    call->op.name()));
  return EvaluateRef(new Evaluate(std::move(call), nullptr, {}, std::move(loc)));
}

Result<EvaluateRef> Evaluate::make_op(Op op, std::vector<Expr> args, std::vector<NamedAttr> attrs,
                                      Loc loc) {
  if (op.valid() && op.form() != OpForm::Effect)
    return rule_error(
        "TIR.1.4.EVAL.callable-kinds",
        fmt::format("{} is a value-form op: its Call has a result and is anchored by a LetStmt; "
                    "an Evaluate takes an effect-form op or a function symbol",
                    op.name()));
  Result<CallRef> call = Call::make(op, std::move(args), std::move(attrs), UnitType::make());
  TF_TRY(call);
  return make_op(*call, std::move(loc));
}

Result<EvaluateRef> Evaluate::make_symbol(SymbolRefRef callee, std::vector<Expr> args, Loc loc) {
  std::vector<Diagnostic> diags;
  if (!callee) diags.push_back(category_error(DiagCategory::Type, "an Evaluate needs a callable"));
  for (std::size_t i = 0; i < args.size(); ++i)
    if (!args[i])
      diags.push_back(category_error(DiagCategory::Type,
                                     fmt::format("argument {} of the call of @{} is null", i,
                                                 callee ? callee->name : std::string("<null>"))));
  if (!diags.empty()) return diags;
  return EvaluateRef(new Evaluate(nullptr, std::move(callee), std::move(args), std::move(loc)));
}

const Call& Evaluate::call() const {
  TF_CHECK(call_, "Evaluate::call() of a symbol callable (@{})", symbol_->name);
  return *call_;
}

const SymbolRef& Evaluate::symbol() const {
  TF_CHECK(symbol_, "Evaluate::symbol() of an op callable ({})", call_->op.name());
  return *symbol_;
}

const std::vector<Expr>& Evaluate::args() const {
  return call_ ? call_->args : symbol_args_;
}

}  // namespace tf::tir
