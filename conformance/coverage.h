// Rule coverage: which ids of the catalogue are named by a test or a conformance case.
//
// Two annotation forms count (../shared/TFIR.md section 7 and the gtest convention):
//   in C++ test sources:      // covers: ID, ID ...
//   in .tfir case files:      covers ID, ID ...
// An annotation that names an id absent from the catalogue is an error (file:line:col).
#pragma once

#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "conformance/rule_catalogue.h"
#include "ir/support/diagnostic.h"
#include "ir/support/source_location.h"

namespace tf::conformance {

struct CoverageReport {
  /// Every id named somewhere, with the places that name it.
  std::map<std::string, std::vector<SourceLocation>> covered;
  /// Unknown ids and unreadable files.
  std::vector<Diagnostic> errors;
  std::size_t files_scanned = 0;
};

/// Adds the annotations found in `text` (a file named `file`) to `report`.
void scan_annotations(std::string_view text, const std::string& file, const RuleCatalogue& rules,
                      CoverageReport& report);

/// Scans every .cpp, .h and .tfir file below `root`, skipping build*, .git and hidden folders.
/// Locations are reported relative to `root`.
CoverageReport scan_tree(const std::filesystem::path& root, const RuleCatalogue& rules);

/// Per-document and per-kind counts, one line each: "TYPES accept 16/16 ...".
struct CoverageCount {
  std::size_t covered = 0;
  std::size_t total = 0;
};
std::map<std::string, std::map<std::string, CoverageCount>> count_by_document_and_kind(
    const CoverageReport& report, const RuleCatalogue& rules);

}  // namespace tf::conformance
