// CaseFilter: which cases of a suite run, chosen by an RE2 pattern over their names. RE2 matches
// in time linear in the name whatever the pattern, so a `--filter` cannot hang a run the way a
// backtracking std::regex can (`(a*)*b`).
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "ir/support/result.h"

namespace re2 {
class RE2;
}

namespace tf::conformance {

/// A case-name filter (header comment).
class CaseFilter {
 public:
  /// Selects every case.
  CaseFilter() = default;
  /// Selects the cases whose name `pattern` finds (unanchored, RE2 syntax); an empty pattern
  /// selects every case. A Usage diagnostic when the pattern is not RE2 syntax.
  static Result<CaseFilter> make(const std::string& pattern);
  /// Selects the case named exactly `name` (its characters taken literally, RE2::QuoteMeta).
  static CaseFilter exactly(std::string_view name);

  /// Whether the case named `name` runs.
  bool selects(std::string_view name) const;

 private:
  std::shared_ptr<const re2::RE2> re_;  // null: every case
};

}  // namespace tf::conformance
