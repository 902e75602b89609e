// The project's design decisions (docs/decisions.md) as the catalogue sees them: which rules
// each decision touches.
//
// The document's format: a decision is a level-2 heading `## D<n>. <title>`, then prose, and
// one line
//   Rules: TYPES.3.DTYPE.from-name-rejects-unknown, TIR.1.5.*, ...
// naming the rules it decides: an entry is a rule id, or an id prefix when it ends in `*`
// (`TIR.1.5.*` touches every rule whose id starts with `TIR.1.5.`). Entries may be written in
// backticks; `Rules: none` names nothing. Everything outside the decisions (the page's title and
// introduction, other level-2 headings) is prose the reader skips.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "conformance/rule_catalogue.h"
#include "ir/support/diagnostic.h"
#include "ir/support/result.h"
#include "ir/support/source_location.h"

namespace tf::conformance {

/// One `## D<n>. <title>` section.
struct Decision {
  std::string id;                  ///< "D4"
  std::string title;               ///< the heading after `D<n>. `
  std::vector<std::string> rules;  ///< the Rules entries as written, backticks removed
  SourceLocation location;         ///< the heading
  SourceLocation rules_location;   ///< the Rules line (line 0 when the decision has none)

  /// Whether an entry is `rule_id`, or a prefix entry (`P*`) with `rule_id` starting with P.
  bool touches(std::string_view rule_id) const;
};

/// The decisions of `text` (a file named `file`), in document order. Fails with file:line
/// diagnostics (category Usage) for a heading `## D...` that is not `## D<n>. <title>`, a
/// decision number used twice, a second Rules line in one decision, and an entry that is
/// neither a rule id nor an id prefix followed by `*`.
Result<std::vector<Decision>> parse_decisions(std::string_view text, const std::string& file);

/// Reads and parses a file (read_regular_file's diagnostics when it cannot be read).
Result<std::vector<Decision>> load_decisions(const std::string& path);

/// The decisions that touch `rule_id`, in document order.
std::vector<const Decision*> decisions_touching(const std::vector<Decision>& decisions,
                                                std::string_view rule_id);

/// A diagnostic (at the Rules line) for each entry that names no rule of `rules`: an id the
/// catalogue lacks, or a prefix no id starts with.
std::vector<Diagnostic> entries_naming_no_rule(const std::vector<Decision>& decisions,
                                               const RuleCatalogue& rules);

}  // namespace tf::conformance
