// SymbolicBits: a storage cost per logical element that depends on the element count
// (DTREP.BSCOST.symbolicbits-*): constant + whole_scale_bits / element_count.
#pragma once

#include <cstdint>
#include <variant>

#include "ir/dtype/exact_int.h"
#include "ir/support/result.h"

namespace tf {

/// The cost of a block-scaled dtype whose final level is Whole. Immutable.
class SymbolicBits {
 public:
  /// `constant`: bits per element before the whole-tensor scale; `whole_scale_bits`: that
  /// scale's bit width.
  constexpr SymbolicBits(double constant, std::int64_t whole_scale_bits)
      : constant_(constant), whole_scale_bits_(whole_scale_bits) {}

  /// The fixed bits per logical element.
  constexpr double constant() const { return constant_; }
  /// The bit width of the whole-tensor scale.
  constexpr std::int64_t whole_scale_bits() const { return whole_scale_bits_; }

  /// constant + whole_scale_bits / element_count; an element_count below one is a
  /// "ValueError" (DTREP.BSCOST.symbolicbits-evaluate-below-one). bool and floating counts
  /// do not compile (ExactInt).
  Result<double> evaluate(ExactInt element_count) const;

  friend constexpr bool operator==(const SymbolicBits& a, const SymbolicBits& b) {
    return a.constant_ == b.constant_ && a.whole_scale_bits_ == b.whole_scale_bits_;
  }

 private:
  const double constant_;
  const std::int64_t whole_scale_bits_;
};

/// bits_per_element of a block-scaled dtype: a concrete double, or SymbolicBits when the
/// final level is Whole.
using BitsPerElement = std::variant<double, SymbolicBits>;

}  // namespace tf
