#include "ir/core/function_base.h"

#include <fmt/format.h>

#include "ir/core/op.h"

namespace tf {

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
