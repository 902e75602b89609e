// "Did you mean": the known names nearest to a misspelt one.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace tf::cli {

/// The edit distance (insertions, deletions, substitutions) between `a` and `b`, ignoring
/// ASCII case.
std::size_t edit_distance(std::string_view a, std::string_view b);

/// At most `count` names of `known` near `name`, by edit distance (ties in `known`'s order): a
/// name that contains `name` (ignoring case; its distance is then the letters it adds), or whose
/// distance to it is at most a third of its length (and at least 2).
std::vector<std::string> nearest_names(std::string_view name, const std::vector<std::string>& known,
                                       std::size_t count = 5);

}  // namespace tf::cli
