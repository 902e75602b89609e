// DimVarRangePat(dim_var, lo, hi): the specialization-dispatch pattern "the extent of dim
// `dim_var` lies in [lo, hi)" (docs/tfir.md section 5; seed 002 section 1.6 requires it in every
// DispatchCall case).
//
// Half-open like the DimVar envelope it narrows (seed 000 section 4): lo inclusive, hi
// exclusive, validated like DimVar (name non-empty, lo < hi; a single value k is [k, k+1)).
// Decision: upstream's current RangePattern is closed [lo, hi]; this project follows the
// DimVar convention and docs/tfir.md's `DimVarRangePat("N", 1, 65)` / `("N", 65, 4097)`, whose
// cases tile the range without overlap. `matches(v)` is lo <= v < hi and ignores the name; that the
// range lies inside the named DimVar's envelope is checked where the signature is known
// (`within`, used by the function verifiers).
#pragma once

#include <cstdint>
#include <string>
#include <tuple>

#include "ir/support/field_names.h"
#include "ir/core/pattern.h"
#include "ir/dim/dim_var.h"
#include "ir/support/result.h"

namespace tf {

/// The pattern lo <= extent(dim_var) < hi.
struct DimVarRangePat final : PatternNode {
  static constexpr PatternKind kKind = PatternKind::DimVarRangePat;

  std::string dim_var;  ///< the name of the DimVar whose extent is tested
  std::int64_t lo;      ///< inclusive lower bound
  std::int64_t hi;      ///< exclusive upper bound

  /// Diagnostic (category Type) when the name is empty or lo >= hi.
  static Result<Ref<const DimVarRangePat>> make(std::string dim_var, std::int64_t lo,
                                                std::int64_t hi);

  /// lo <= value < hi.
  bool matches(std::int64_t value) const { return lo <= value && value < hi; }
  /// True when [lo, hi) lies inside the envelope of `var` (names are not compared).
  bool within(const DimVar& var) const { return var.lo <= lo && hi <= var.hi; }

  /// The names of the fields of structural_fields(), in order (ir/support/field_names.h).
  static constexpr FieldNames<3> kFieldNames{"dim_var", "lo", "hi"};

  /// The field list from which structural equality and hashing are generated.
  auto structural_fields() const { return std::tie(dim_var, lo, hi); }

 private:
  DimVarRangePat(std::string n, std::int64_t l, std::int64_t h)
      : PatternNode(kKind), dim_var(std::move(n)), lo(l), hi(h) {}
};

/// Handle to a DimVarRangePat.
using DimVarRangePatRef = Ref<const DimVarRangePat>;

}  // namespace tf
