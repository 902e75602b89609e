#include "ir/core/context.h"

#include <fmt/format.h>

#include "ir/core/core_ops.h"

namespace tf {

Context::Context() { register_core_ops(registry_, handlers_); }

Result<Atom> Context::make_atom(const std::string& op_name) const {
  if (!atoms_)
    return category_error(DiagCategory::Usage,
                          fmt::format("atom '{}': this context has no atom family", op_name));
  return atoms_(op_name);
}

}  // namespace tf
