#include "ir/dtype/representation_check.h"

#include <fmt/format.h>

#include "ir/dtype/compound.h"

namespace tf {

std::optional<Diagnostic> check_carrier_storage_dtype(DType storage_dtype) {
  if (storage_dtype.valid() && storage_dtype.is_simple()) return std::nullopt;
  return rule_error(
      "DTREP.LOGICAL.not-carrier-dtype",
      storage_dtype.valid()
          ? fmt::format("TypeError: the compound dtype {} describes a logical value of {} planes "
                        "and cannot be a carrier's storage dtype",
                        storage_dtype.name(), storage_dtype.compound().num_carriers())
          : std::string("TypeError: a carrier's storage dtype must be a simple dtype, found an "
                        "invalid dtype handle"));
}

std::vector<Diagnostic> check_representation_rules(
    const RepresentationValidationContext& context) {
  std::vector<Diagnostic> failures;
  for (const RuleRef& rule : context.logical_dtype().compound().representation_rules())
    if (std::optional<Diagnostic> d = rule->validate(context)) failures.push_back(std::move(*d));
  return failures;
}

}  // namespace tf
