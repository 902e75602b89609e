#include "ir/dtype/symbolic_bits.h"

#include <fmt/format.h>

namespace tf {

Result<double> SymbolicBits::evaluate(ExactInt element_count) const {
  if (element_count.value() < 1)
    return rule_error("DTREP.BSCOST.symbolicbits-evaluate-below-one",
                      fmt::format("ValueError: SymbolicBits.evaluate needs an element count of "
                                  "at least one, found {}",
                                  element_count.value()));
  return constant_ + static_cast<double>(whole_scale_bits_) /
                         static_cast<double>(element_count.value());
}

}  // namespace tf
