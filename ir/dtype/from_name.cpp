// DType::from_name: the single string -> descriptor surface (TYPES.3.DTYPE.from-name-*,
// docs/decisions.md D1). Seed 003's spellings (E4M3, Float32, ...) name the same descriptors in
// prose only; they are not accepted here, and neither is any other alias (f8e4m3, float32).
#include <fmt/format.h>

#include "ir/dtype/dtype.h"
#include "ir/dtype/registry.h"
#include "ir/support/nearest_names.h"

namespace tf {

Result<DType> DType::from_name(std::string_view name) {
  for (const DType* d = simple_dtypes_begin(); d != simple_dtypes_end(); ++d)
    if (d->name() == name) return *d;
  if (std::optional<DType> c = find_compound(name)) return *c;

  std::vector<std::string> valid;
  for (const DType* d = simple_dtypes_begin(); d != simple_dtypes_end(); ++d)
    valid.emplace_back(d->name());
  for (DType c : registered_compounds()) valid.emplace_back(c.name());
  Diagnostic d = rule_error("TYPES.3.DTYPE.from-name-rejects-unknown",
                            fmt::format("unknown dtype '{}'; valid dtypes: {}", name, fmt::join(valid, ", ")));
  return suggest_nearest(d, name, valid);
}

}  // namespace tf
