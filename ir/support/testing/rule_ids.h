// Test helper: the rule ids a check reported, so a test can assert exactly which rules fired.
#pragma once

#include <string>
#include <vector>

#include "ir/support/result.h"

namespace tf::test {

/// The rule ids of `diags`, in order ("" for a diagnostic without one).
inline std::vector<std::string> rule_ids(const std::vector<Diagnostic>& diags) {
  std::vector<std::string> ids;
  for (const Diagnostic& d : diags) ids.push_back(d.rule_id);
  return ids;
}

/// The rule ids of a failed Result (empty for a successful one).
template <typename T>
std::vector<std::string> rule_ids(const Result<T>& r) {
  return rule_ids(r.diagnostics());
}

}  // namespace tf::test
