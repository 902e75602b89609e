// Reading the two kinds of law-case argument that are bracketed lists rather than tfir
// expressions (ir/layout/layout_law_argument.h): a slice key, the subscript of a mesh slice
// without its mesh (`[:, 0:16, -1]`, `::` for a range with nothing given, `a:b:s` with a step),
// kept entry by entry as written; and barrier sites, site numbers in request order
// (`[3, 0, 3, 19]`, `[]`). Each is the inverse of law_argument_text. Diagnostics (category
// parse) are placed at the offending entry: `at` (where the text starts) moved along the line.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "ir/layout/layout_law_argument.h"
#include "ir/support/result.h"

namespace tf::conformance {

/// The slice key the input `name`'s value `text` (starting at `at`) spells.
Result<std::vector<SliceKey>> read_slice_key(std::string_view text, const std::string& name,
                                             const SourceLocation& at);

/// The barrier sites the input `name`'s value `text` (starting at `at`) lists.
Result<BarrierSites> read_barrier_sites(std::string_view text, const std::string& name,
                                        const SourceLocation& at);

}  // namespace tf::conformance
