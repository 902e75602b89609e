#include "ir/dtype/representation_rule.h"

#include <fmt/format.h>

#include "ir/support/check.h"

namespace tf {

const RuleStructure& RepresentationRule::structure() const {
  TF_CHECK(structure_.has_value(), "a rule used before make_rule finished");
  return *structure_;
}

Diagnostic unsupported_structure_value(std::string_view class_name, std::size_t index) {
  return rule_error("DTREP.RULE.extension-unsupported-value",
                    fmt::format("TypeError: {}.structure_extension() element {} is not a "
                                "permitted descriptor structure value (an invalid dtype handle)",
                                class_name, index));
}

}  // namespace tf
