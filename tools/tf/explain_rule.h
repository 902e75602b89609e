// The catalogue forms of `tf explain`: one rule, and an id prefix's coverage table
// (explain_command.h has the output formats and the JSON schema).
#pragma once

#include <ostream>
#include <string>

#include "conformance/rule_catalogue.h"
#include "tools/tf/explain_sources.h"

namespace tf::cli {

/// "seed 000, section 1. IRType" for the seed column `000_feab50141363482c.txt: 1. IRType`: the
/// seed document's number (its file name up to the first `_`) and the section after `: `.
std::string seed_text(const std::string& seed_column);

/// Explains `rule` to `out` (text or JSON); with `run`, runs each covering case and prints its
/// verdict. Returns kExitOk, or kExitCheckFailed when a case run fails or crashes.
int explain_rule(const conformance::Rule& rule, ExplainSources& sources, bool run, bool json,
                 std::ostream& out);

/// Explains the rules whose ids start with `prefix` (at least one) to `out`; returns kExitOk.
int explain_prefix(const std::string& prefix, const ExplainSources& sources, bool json,
                   std::ostream& out);

}  // namespace tf::cli
