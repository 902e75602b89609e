// The type of a name in a function being imported, asked of the tfir reader (importer.h's design
// note): the function so far, its bindings flattened, is read with the name as its result and no
// declared return type, so that the function the reader builds takes the body's type.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "ir/core/context.h"

namespace tf::upstream {

/// A tensor type as the reader printed it.
struct ProbedType {
  std::string text;                 ///< e.g. `Tensor[(4, N), bf16]` or `Tuple[...]`
  std::string dtype;                ///< empty for a tuple
  std::vector<std::string> shape;   ///< tfir text of each extent
};

/// The type of `expr` (a tfir value: a name, or a tuple of names) after the `body` lines of a
/// func with parameters `params` (tfir, without parentheses), in a file of `prelude` (the
/// `tfir 1` header, declarations and earlier functions); nullopt when the reader does not
/// report it (the function so far does not read). The type is read from the function the reader
/// builds (never from a diagnostic, which quotes a type in a bounded number of nodes), so it is
/// spelled whole whatever its size.
std::optional<ProbedType> probe_type(const std::string& prelude, const std::string& params,
                                     const std::vector<std::string>& body, const std::string& expr,
                                     const Context& context);

/// A printed type's dtype and extents.
ProbedType parse_probed_type(const std::string& text);

}  // namespace tf::upstream
