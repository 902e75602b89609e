#include "ir/core/symbol_ref.h"

#include <fmt/format.h>

#include "ir/core/op.h"
#include "ir/type/type_print.h"
#include "ir/type/unit_type.h"

namespace tf {

Result<SymbolRefRef> SymbolRef::make(std::string name, IRType type,
                                     std::vector<std::string> nested) {
  std::vector<Diagnostic> diags;
  if (!is_identifier(name))
    diags.push_back(category_error(
        DiagCategory::Type,
        fmt::format("a SymbolRef names a function; '{}' is not an identifier", name)));
  if (!nested.empty())
    diags.push_back(
        rule_error("TIR.2.1.SYMREF.nested-empty",
                   fmt::format("SymbolRef @{} has nested path '{}'; a Module holds only top-level "
                               "functions, so nested must be empty",
                               name, fmt::join(nested, "."))));
  if (!type) {
    diags.push_back(rule_error("TIR.2.1.SYMREF.no-deferred-type",
                               fmt::format("SymbolRef @{} has no type; it is typed with its "
                                           "callee's CallableType when it is built",
                                           name)));
  } else if (const CallableType* c = type->as<CallableType>(); c == nullptr) {
    diags.push_back(
        rule_error("TIR.2.1.SYMREF.no-deferred-type",
                   fmt::format("SymbolRef @{} is typed {}; its type is the callee's CallableType",
                               name, short_text(type))));
  } else if (!c->return_type->is<UnitType>()) {
    diags.push_back(rule_error(
        "TIR.2.1.SYMREF.type-return-unit",
        fmt::format("SymbolRef @{} is typed {}; a PrimFunction callee returns Unit (its outputs "
                    "are trailing parameters)",
                    name, short_text(type))));
  }
  if (!diags.empty()) return diags;
  return SymbolRefRef(new SymbolRef(std::move(name), std::move(type)));
}

Result<SymbolRefRef> SymbolRef::to(const FunctionBase& callee) {
  return make(callee.name(), callee.callable_type());
}

}  // namespace tf
