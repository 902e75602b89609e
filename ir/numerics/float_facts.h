// The facts `tf dtypes` prints for a simple float dtype: bias, extremes and special encodings,
// all derived from the descriptor (exponent_bits, mantissa_bits, specials) and decoded exactly
// (docs/numerics.md "Element formats").
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "ir/dtype/dtype.h"

namespace tf::numerics {

struct FloatFacts {
  int bias = 0;
  std::uint64_t max_finite_code = 0;
  double max_finite = 0;
  double min_normal = 0;               ///< smallest positive normal value
  std::optional<double> min_subnormal; ///< none for f8e8m0
  std::optional<std::uint64_t> pos_inf_code;  ///< none where the format has no Inf
  std::optional<std::uint64_t> neg_inf_code;
  /// Every NaN code for dtypes of at most 8 bits; empty for wider ones (see nan_rule).
  std::vector<std::uint64_t> nan_codes;
  /// One line: "exponent all-ones, mantissa != 0", "0x7f, 0xff only", "0xff only" or
  /// "none (a NaN input converts to +max)".
  std::string nan_rule;
};

/// Facts of a simple float dtype (InternalError for any other dtype).
FloatFacts float_facts(DType dtype);

}  // namespace tf::numerics
