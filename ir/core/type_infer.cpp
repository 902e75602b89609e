#include "ir/core/type_infer.h"

#include <fmt/format.h>

#include "ir/core/call.h"
#include "ir/core/expr_print.h"
#include "ir/core/expr_rebuild.h"
#include "ir/core/structural.h"
#include "ir/type/type_print.h"
#include "ir/type/unit_type.h"

namespace tf {

Result<IRType> infer_type(const Expr& e, const OpHandlers& handlers) {
  TF_CHECK(e, "infer_type of a null Expr");
  if (const Call* call = e->as<Call>()) {
    if (call->op.form() == OpForm::Effect) return IRType(UnitType::make());  // TYPES.6.UNIT.effect-op-result
    if (!call->attrs.empty())  // the op declares attributes
      return handlers.get<TypeInferAttrsHandler>(call->op)(call->op, call->args, call->attrs);
    return handlers.get<TypeInferHandler>(call->op)(call->op, call->args);
  }
  // Every other kind's type follows from its children through its factory (a leaf's is its own).
  Result<Expr> rebuilt = rebuild_with(e, [](const Expr& c, ChildStep) { return c; },
                                      RebuildPolicy::Always);
  TF_TRY(rebuilt);
  return (*rebuilt)->type();
}

std::vector<Diagnostic> check_stored_type(const Expr& e, const OpHandlers& handlers) {
  Result<IRType> inferred = infer_type(e, handlers);
  TF_TRY(inferred);
  if (structural_equal(e->type(), *inferred)) return {};
  return {category_error(DiagCategory::Type,
                         fmt::format("{} is stamped {}, but its type rule gives {}", short_text(e),
                                     short_text(e->type()), short_text(*inferred)))};
}

}  // namespace tf
