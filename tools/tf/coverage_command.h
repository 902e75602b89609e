// `tf coverage [--root DIR] [--rules FILE] [--require PREFIX]... [--list-missing] [--json]`:
// rule coverage of conformance/rules.tsv by `covers` annotations in tests and cases, per seed
// document and per rule kind. With --require, exits 1 when a rule whose id starts with one of
// the prefixes is named by nothing (so ctest can hold a rule family at full coverage), and
// with exit 2 when a prefix names no rule at all (a typo would otherwise require nothing).
#pragma once

#include <map>
#include <ostream>
#include <string>
#include <vector>

#include "conformance/coverage.h"

namespace CLI {
class App;
}

namespace tf::cli {

struct CoverageRequest {
  std::string root = ".";
  std::string rules;  ///< default: ROOT/conformance/rules.tsv
  std::vector<std::string> require;
  bool list_missing = false;
  bool json = false;
};

/// The text table of `rows` (a label, then the counts per kind: conformance::count_by_kind's
/// map): a header line, then per row the label and covered/total for accept, reject, value,
/// structure and all, and the compile-time count. The label column is 8 wide, or 2 more than
/// the longest label.
std::string coverage_table(
    const std::map<std::string, std::map<std::string, conformance::CoverageCount>>& rows);

int run_coverage(const CoverageRequest& request, std::ostream& out, std::ostream& err);
void add_coverage_command(CLI::App& app, int& exit_code);

}  // namespace tf::cli
