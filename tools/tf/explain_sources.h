// What `tf explain` reads from a project tree, loaded once: the rule catalogue, the coverage
// scan, the decisions and, for the op form, the semantics pages and the op examples.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "conformance/coverage.h"
#include "conformance/decisions_doc.h"
#include "conformance/op_examples.h"
#include "conformance/rule_catalogue.h"
#include "ir/support/result.h"
#include "tools/tf/cover_place.h"
#include "tools/tf/semantics_doc.h"
#include "eval/value/eval_limits.h"

namespace tf::cli {

/// The project's files relative to the root, as explain names them.
inline constexpr const char* kRulesPath = "conformance/rules.tsv";
inline constexpr const char* kDecisionsPath = "docs/decisions.md";
inline constexpr const char* kCasesPath = "conformance/cases";
inline constexpr const char* kCorpusPath = "fuzz/corpus";

/// Everything explain reads (header comment).
struct ExplainSources {
  std::string root;
  conformance::RuleCatalogue rules;
  conformance::CoverageReport coverage;
  /// docs/decisions.md's decisions; empty when the file does not exist (decisions_found false).
  std::vector<conformance::Decision> decisions;
  bool decisions_found = false;
  /// Classifies covering places (reads files on demand, once each).
  CoverPlaceFinder places{"."};

  /// The op form's sources (load_op_sources): each semantics page's paragraphs, by its path
  /// relative to the root, and the example of each op, by name (case paths relative to the root).
  bool op_sources_loaded = false;
  std::map<std::string, std::vector<DocParagraph>> pages;
  std::map<std::string, conformance::OpExample> examples;
  /// The budgets of each case run live (--run, an op's example): --max-memory, --max-steps.
  eval::EvalLimits limits;
};

/// Loads the catalogue, the coverage scan of the tree and the decisions of `root`. Fails with the
/// diagnostics of an unreadable or malformed catalogue, an annotation naming an unknown id, and
/// a malformed docs/decisions.md (a missing one is not an error).
Result<ExplainSources> load_explain_sources(const std::string& root);

/// Loads the semantics pages and the op examples (cases under conformance/cases, then the fuzz
/// corpus) into `sources`, once. A missing page has no paragraphs.
void load_op_sources(ExplainSources& sources);

/// `path` relative to `root` when it lies below it ("conformance/cases/x.tfir"), else `path`.
std::string relative_to_root(const std::string& root, const std::string& path);

}  // namespace tf::cli
