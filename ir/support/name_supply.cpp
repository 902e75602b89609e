#include "ir/support/name_supply.h"

#include <fmt/format.h>

namespace tf {

void NameSupply::reserve(std::string_view name) {
  taken_.emplace(name);
}

bool NameSupply::taken(std::string_view name) const {
  return taken_.contains(std::string(name));
}

std::string NameSupply::fresh(std::string_view hint) {
  std::string base(hint.empty() ? std::string_view("v") : hint);
  if (taken_.insert(base).second) return base;
  int& suffix = next_suffix_[base];
  for (;;) {
    std::string candidate = fmt::format("{}_{}", base, ++suffix);
    if (taken_.insert(candidate).second) return candidate;
  }
}

}  // namespace tf
