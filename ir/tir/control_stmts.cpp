#include "ir/tir/control_stmts.h"

#include <fmt/format.h>

#include "ir/core/expr_print.h"
#include "ir/type/tensor_type.h"
#include "ir/type/type_print.h"

namespace tf::tir {

namespace {

Diagnostic type_error(std::string message) {
  return category_error(DiagCategory::Type, std::move(message));
}

void check_body(const SequentialRef& body, std::string_view what, std::vector<Diagnostic>& diags) {
  if (!body) diags.push_back(type_error(fmt::format("{} needs a body (a Sequential)", what)));
}

void check_condition(const Expr& cond, std::string_view what, std::vector<Diagnostic>& diags) {
  if (!cond) {
    diags.push_back(type_error(fmt::format("{} needs a condition", what)));
  } else if (!is_condition_typed(cond)) {
    diags.push_back(type_error(
        fmt::format("the condition of {} is a rank-0 bool or integer tensor, but {} has type {}",
                    what, short_text(cond), short_text(cond->type()))));
  }
}

}  // namespace

bool is_condition_typed(const Expr& e) {
  const TensorType* t = e ? e->type()->as<TensorType>() : nullptr;
  return t != nullptr && t->rank() == 0 && (t->dtype.is_bool() || t->dtype.is_integer());
}

Result<ForRef> For::make(VarRef induction_var, Expr start, Expr stop, Expr step, SequentialRef body,
                         Loc loc) {
  std::vector<Diagnostic> diags;
  if (!induction_var) {
    diags.push_back(type_error("a For needs an induction variable"));
  } else {
    const TensorType* t = induction_var->type()->as<TensorType>();
    if (t == nullptr || t->rank() != 0 || !t->dtype.is_integer())
      diags.push_back(type_error(fmt::format(
          "the induction variable of a For is a rank-0 integer tensor, but '{}' has type {}",
          induction_var->name, short_text(induction_var->type()))));
  }
  if (!start) diags.push_back(type_error("a For needs a start"));
  if (!stop) diags.push_back(type_error("a For needs a stop"));
  if (!step) diags.push_back(type_error("a For needs a step"));
  check_body(body, "a For", diags);
  if (!diags.empty()) return diags;
  return ForRef(new For(std::move(induction_var), std::move(start), std::move(stop),
                        std::move(step), std::move(body), std::move(loc)));
}

Result<WhileRef> While::make(Expr cond, SequentialRef body, Loc loc) {
  std::vector<Diagnostic> diags;
  check_condition(cond, "a While", diags);
  check_body(body, "a While", diags);
  if (!diags.empty()) return diags;
  return WhileRef(new While(std::move(cond), std::move(body), std::move(loc)));
}

Result<IfRef> If::make(Expr cond, SequentialRef then_body, SequentialRef else_body, Loc loc) {
  std::vector<Diagnostic> diags;
  check_condition(cond, "an If", diags);
  check_body(then_body, "an If", diags);
  if (!diags.empty()) return diags;
  if (!else_body) else_body = Sequential::empty();
  return IfRef(new If(std::move(cond), std::move(then_body), std::move(else_body), std::move(loc)));
}

}  // namespace tf::tir
