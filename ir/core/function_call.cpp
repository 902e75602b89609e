#include "ir/core/function_call.h"

#include <fmt/format.h>

#include "ir/core/expr_print.h"
#include "ir/core/structural.h"
#include "ir/type/tensor_type.h"
#include "ir/type/type_print.h"
#include "ir/type/unit_type.h"

namespace tf {

bool binds_parameter(const IRType& param, const IRType& arg) {
  if (structural_equal(param, arg)) return true;
  const TensorType* p = param->as<TensorType>();
  const TensorType* a = arg->as<TensorType>();
  return p != nullptr && a != nullptr && !p->layout && p->shape == a->shape && p->dtype == a->dtype;
}

Result<FunctionCallRef> FunctionCall::make(std::string callee, CallableTypeRef callee_type,
                                           std::vector<Expr> args) {
  auto error = [&](std::string message) {
    return category_error(DiagCategory::Type, fmt::format("call of @{}: {}", callee, message));
  };
  if (!callee_type) return error("the callee has no type");
  std::vector<Diagnostic> diags;
  const std::vector<IRType>& params = callee_type->parameters;
  if (args.size() != params.size())
    diags.push_back(error(fmt::format("{} arguments for {} parameters", args.size(), params.size())));
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (!args[i]) {
      diags.push_back(error(fmt::format("argument {} is null", i)));
      continue;
    }
    if (args[i]->type()->is<UnitType>()) {
      diags.push_back(rule_error("TYPES.6.UNIT.no-readable-value",
                                 error(fmt::format("argument {} is unit-typed", i)).message));
      continue;
    }
    if (i < params.size() && !binds_parameter(params[i], args[i]->type()))
      diags.push_back(error(fmt::format("argument {} ({}) has type {}, but parameter {} has type {}",
                                        i, short_text(args[i]), short_text(args[i]->type()), i,
                                        to_string(params[i]))));
  }
  if (!diags.empty()) return diags;
  IRType result = callee_type->return_type;
  return FunctionCallRef(
      new FunctionCall(std::move(callee), std::move(callee_type), std::move(args), std::move(result)));
}

}  // namespace tf
