// "Did you mean": the known names nearest to a misspelt one, and the note every unknown-name
// diagnostic carries with them (an op, a dtype, a function, an attribute, a mesh axis, a rule id).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "ir/support/diagnostic.h"

namespace tf {

/// The edit distance (insertions, deletions, substitutions) between `a` and `b`, ignoring
/// ASCII case.
std::size_t edit_distance(std::string_view a, std::string_view b);

/// The longest name nearest_names looks for: the search is quadratic in the length of the names
/// it compares, and every name a user misspells (an op, a rule id) is far shorter.
inline constexpr std::size_t kLongestNearName = 128;

/// At most `count` names of `known` near `name`, by edit distance (ties in `known`'s order): a
/// name that contains `name` of 3 or more letters (ignoring case; its distance is then the letters
/// it adds), or whose distance to it is at most a third of its length (and at least 2) and below
/// its length (a name that keeps none of its letters is not near, however short). None for a
/// `name` longer than kLongestNearName.
std::vector<std::string> nearest_names(std::string_view name, const std::vector<std::string>& known,
                                       std::size_t count = 5);

/// Adds the note "did you mean: A, B" to `d` with nearest_names(name, known), each written after
/// `sigil` ("@" for functions); adds nothing when no name is near. Returns `d`.
Diagnostic& suggest_nearest(Diagnostic& d, std::string_view name, const std::vector<std::string>& known,
                            std::string_view sigil = "");

}  // namespace tf
