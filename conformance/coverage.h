// Rule coverage: which ids of the catalogue are named by a test or a conformance case.
//
// Three annotation forms count (the tfir case metadata and the gtest convention):
//   in C++ test sources:      // covers: ID, ID ...
//   in .tfir case files:      covers ID, ID ...
//   a check the compiler makes (a test of static_asserts and SUCCEED()):
//                             // covers (compile-time): ID, ID ...
// Compile-time coverage is counted apart, so that "covered" says what a test checks when it
// runs. An annotation that names an id absent from the catalogue is an error (file:line:col).
#pragma once

#include <filesystem>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "conformance/rule_catalogue.h"
#include "ir/support/diagnostic.h"
#include "ir/support/source_location.h"

namespace tf::conformance {

struct CoverageReport {
  /// Every id named somewhere, with the places that name it.
  std::map<std::string, std::vector<SourceLocation>> covered;
  /// Every id named by a compile-time annotation, with its places.
  std::map<std::string, std::vector<SourceLocation>> compile_time;
  /// Unknown ids and unreadable files.
  std::vector<Diagnostic> errors;
  std::size_t files_scanned = 0;
};

/// Adds the annotations found in `text` (a file named `file`) to `report`.
void scan_annotations(std::string_view text, const std::string& file, const RuleCatalogue& rules,
                      CoverageReport& report);

/// Scans every .cpp, .h and .tfir file below `root`, skipping build*, .git, hidden folders and
/// fuzz/corpus (the fuzz targets' seeds, copies of cases).
/// Locations are reported relative to `root`.
CoverageReport scan_tree(const std::filesystem::path& root, const RuleCatalogue& rules);

/// Per-document and per-kind counts, one line each: "TYPES accept 16/16 ...".
struct CoverageCount {
  std::size_t covered = 0;       ///< named by a run-time test or case
  std::size_t total = 0;
  std::size_t compile_time = 0;  ///< named only by compile-time annotations
};
std::map<std::string, std::map<std::string, CoverageCount>> count_by_document_and_kind(
    const CoverageReport& report, const RuleCatalogue& rules);

/// The counts per kind ("accept", "reject", "value", "structure" and "all") of the rules whose
/// id starts with `prefix`; a kind no such rule has is absent.
std::map<std::string, CoverageCount> count_by_kind(const CoverageReport& report,
                                                   const RuleCatalogue& rules,
                                                   std::string_view prefix);

}  // namespace tf::conformance
