// The project's rule catalogue (conformance/rules.tsv): one atomic spec rule per row, with a
// stable id such as TYPES.3.DTYPE.from-name-rejects-unknown.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "ir/support/result.h"

namespace tf::conformance {

enum class RuleKind { Accept, Reject, Value, Structure };

const char* rule_kind_name(RuleKind k);

struct Rule {
  std::string id;
  std::string seed;     ///< "file: heading / subheading"
  RuleKind kind = RuleKind::Value;
  std::string text;     ///< the rule as worded in the seed
  std::string check;    ///< how a test exercises it

  /// The document prefix: "TYPES", "TIR" or "DTREP".
  std::string_view document() const;
};

class RuleCatalogue {
 public:
  /// Parses the TSV text (one header line, five tab-separated columns). Malformed rows and
  /// duplicate ids are reported with file:line.
  static Result<RuleCatalogue> parse(std::string_view text, const std::string& file_name);
  /// Reads and parses a file.
  static Result<RuleCatalogue> load(const std::string& path);

  const std::vector<Rule>& rules() const { return rules_; }
  /// The rule with this id, or nullptr.
  const Rule* find(std::string_view id) const;

 private:
  std::vector<Rule> rules_;
  std::map<std::string, std::size_t, std::less<>> index_;
};

/// True when `id` has the shape of a rule id (letters, digits, dots and dashes; a dot inside).
bool looks_like_rule_id(std::string_view id);

}  // namespace tf::conformance
