// The compound-dtype part of `tf dtypes`: planes, levels and storage cost of every registered
// compound dtype (the seven built-in block-scaled formats first).
#pragma once

#include <nlohmann/json.hpp>

#include <ostream>
#include <vector>

namespace tf::cli {

/// One object per registered compound dtype: {"name", "family": "compound", "planes",
/// "element", "levels": [{"scale", "block"}], "bits_per_element"} (the last three for
/// block-scaled dtypes; bits_per_element is a number, or "C + W/n" for a final Whole level).
std::vector<nlohmann::json> compound_dtypes_json();

/// One line per registered compound dtype.
void print_compound_dtypes(std::ostream& out);

}  // namespace tf::cli
