// Injectivity: whether a layout maps distinct coordinates to distinct offsets.
//
// Seed 000 section 2 (rule TYPES.2.TENSOR.injective-layout): a Layout / ComposedLayout MUST
// describe an injective mapping; padding-style non-injective layouts are not supported.
//
// The decision is exact for static layouts:
//   1. an empty domain is injective; a mode of extent > 1 and stride 0 is not;
//   2. if the modes, sorted by stride, are separated (each stride exceeds the largest offset
//      the smaller-stride modes reach together), the layout is injective: a mixed-radix
//      number with digit gaps;
//   3. otherwise the offsets are enumerated (up to kInjectivityEnumerationLimit elements)
//      and checked for a repeat, e.g. Layout((3, 2), (2, 3)) is injective (offsets 0 2 4 3 5 7)
//      while Layout((3, 2), (1, 2)) is not (offset 2 twice).
// Beyond the limit, an undecided layout is a Diagnostic rather than a guess.
#pragma once

#include <cstdint>
#include <vector>

#include "ir/layout/layout.h"
#include "ir/support/diagnostic.h"
#include "ir/support/result.h"

namespace tf {

/// The largest domain whose offsets injectivity checking enumerates.
inline constexpr std::int64_t kInjectivityEnumerationLimit = std::int64_t{1} << 22;

/// Whether L is injective on [0, size(L)). Diagnostic when L is symbolic or undecidable within
/// the enumeration limit.
Result<bool> is_injective(const Layout& l);

/// The TYPES.2.TENSOR.injective-layout check: no diagnostics for an injective layout; otherwise
/// one error with that rule id naming two coordinates that share an offset (or the diagnostic
/// of is_injective when it cannot decide).
std::vector<Diagnostic> check_injective(const Layout& l);

}  // namespace tf
