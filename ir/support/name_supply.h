// NameSupply: fresh names that collide with no name already taken.
#pragma once

#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>

namespace tf {

/// The names of one scope (a function's bindings, a module's symbols), and fresh ones.
class NameSupply {
 public:
  /// Marks `name` as taken (taking it twice is harmless).
  void reserve(std::string_view name);
  /// True when `name` is taken.
  bool taken(std::string_view name) const;
  /// `hint` when it is free, else the first free of `hint_1`, `hint_2`, ...; the result is
  /// taken. An empty hint is spelled `v`. Amortised constant time per call for one hint.
  std::string fresh(std::string_view hint);

 private:
  std::unordered_set<std::string> taken_;
  std::unordered_map<std::string, int> next_suffix_;  // per hint: the first suffix to try
};

}  // namespace tf
