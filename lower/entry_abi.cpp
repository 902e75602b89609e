#include "lower/entry_abi.h"

#include <fmt/format.h>

#include "ir/type/type_print.h"

namespace tf::lower {

Result<EntryABI> entry_abi_of(const tir::PrimFunction& fn) {
  if (fn.target() != tir::Target::Host)
    return category_error(DiagCategory::Type,
                          fmt::format("{} is a {} function; an EntryABI describes a host entry",
                                      fn.name(), tir::target_name(fn.target())));
  EntryABI abi{fn.name(), {}, fn.output_count()};
  std::vector<Diagnostic> diags;
  for (const VarRef& p : fn.params()) {
    const TensorType* t = p->type()->as<TensorType>();
    if (t == nullptr) {
      diags.push_back(category_error(
          DiagCategory::Type, fmt::format("{}: parameter '{}' has type {}; a host entry takes tensors",
                                          fn.name(), p->name, to_string(p->type()))));
      continue;
    }
    abi.params.push_back({p->name, TensorTypeRef(t)});
  }
  if (!diags.empty()) return diags;
  return abi;
}

}  // namespace tf::lower
