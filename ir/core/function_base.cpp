#include "ir/core/function_base.h"

#include <fmt/format.h>

#include "ir/core/op.h"
#include "ir/support/check.h"

namespace tf {

std::string_view function_kind_name(FunctionKind kind) {
  switch (kind) {
    case FunctionKind::Extern:
      return "extern";
    case FunctionKind::Hir:
      return "func";
    case FunctionKind::Tir:
      return "prim_func";
  }
  TF_UNREACHABLE("bad FunctionKind");
}

Result<ExternFunctionRef> ExternFunction::make(std::string name, CallableTypeRef type) {
  if (!is_identifier(name))
    return category_error(DiagCategory::Type,
                          fmt::format("function name '{}' is not an identifier", name));
  if (!type)
    return category_error(DiagCategory::Type,
                          fmt::format("extern function '{}' needs a CallableType", name));
  return ExternFunctionRef(new ExternFunction(std::move(name), std::move(type)));
}

}  // namespace tf
