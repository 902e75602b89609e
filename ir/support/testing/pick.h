// The choice primitives every generator of fuzz/gen makes its decisions with, inside
// rc::gen::exec (so RapidCheck records and shrinks each choice).
#pragma once

#include <rapidcheck.h>

#include <cstddef>
#include <vector>

namespace tf::fuzz {

/// A value in [lo, hi), uniform whatever RapidCheck's current size (plain inRange narrows the
/// range at small sizes, which would make every structural choice start at its first option),
/// shrinking towards lo.
template <typename T>
T pick(T lo, T hi) {
  return *rc::gen::resize(100, rc::gen::inRange<T>(lo, hi));
}

/// True one time in n, shrinking towards false (the common case).
inline bool one_in(int n) { return pick<int>(0, n) == n - 1; }

/// One element of a non-empty `v`, shrinking towards the first.
template <typename T>
const T& element(const std::vector<T>& v) {
  return v[pick<std::size_t>(0, v.size())];
}

}  // namespace tf::fuzz
