// `tf conform [PATH...] [--filter REGEX] [--rules FILE] [--junit FILE] [--json FILE]
//  [--coverage] [--max-memory BYTES] [--max-steps N]`: runs the `case` blocks of tfir files
//  (docs/tfir.md section 7). A PATH is a .tfir
// file or a folder searched recursively for them (default: conformance/cases). Each file is read
// and verified once; each of its cases is run (conformance/case_runner.h: read / verify
// expectations, then the HIR evaluator for inputs and expected outputs) and reported on its own
// line:
//   PASS name            FAIL name: reason (file:line)            SKIP name: reason (file:line)
// (--quiet: no PASS lines; with --at LEVEL a PASS line says whether the case ran at that level:
// `PASS name (at cuda-emu)`, `PASS name (not run at cuda-emu)`, conform_lines.h). On a terminal
// stderr shows a live progress line, "conform: 120/632 cases, 3 failed", erased at the end.
// --junit writes a JUnit XML report, --json a JSON report (`-`: on stdout, instead of the
// lines), each file said with "wrote FILE"; --coverage prints the rule coverage of the catalogue
// (per seed document and rule kind, ids named by cases and tests under the catalogue's project
// root). The last line is
// "N passed, N failed, N skipped". Exit 1 when a case fails, 2 when a file or a case block cannot
// be read, else 0. A case
// over the memory or step budget (tools/tf/limit_options.h) fails with the diagnostic. `covers` and `expect error` ids are checked against the rule catalogue
// (--rules, default conformance/rules.tsv under the current folder or above the first path).
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "conformance/suite.h"
#include "tools/tf/limit_options.h"

namespace CLI {
class App;
}

namespace tf::cli {

struct ConformRequest {
  std::vector<std::string> paths;
  std::string filter;  ///< an RE2 pattern searched in case names; empty: every case
  /// The rule catalogue; empty: conformance/rules.tsv in the current folder, else in the
  /// nearest folder above the first case path that has one.
  std::string rules;
  std::string junit;  ///< a JUnit XML report to write; empty: none
  std::string json;   ///< a JSON report to write; "-": stdout instead of the case lines
  bool coverage = false;
  bool quiet = false;  ///< no PASS lines
  LimitOptions limits;  ///< --max-memory, --max-steps: the budgets of each case
  std::string at;       ///< --at LEVEL: every case at this level instead of its own
  std::string cache;    ///< --cache DIR: the disk cache of compiled modules ("": the default folder)
};

/// Gives `options` the backends of levels cuda-emu and cuda-gpu this build has (none without
/// the CUDA headers; cuda-gpu only with nvcc, and asking for a device only when a case needs it),
/// each run under `options.limits` (set them first) and stopped by the evaluators' stop flag,
/// their compiled modules kept in the disk cache `cache_dir` (cache_option.h; "": the default).
void attach_backends(conformance::SuiteOptions& options, const std::string& cache_dir = "");

/// Runs the request, writing case lines and the summary to `out`, diagnostics to `err`.
int run_conform(const ConformRequest& request, std::ostream& out, std::ostream& err);

/// Adds the `conform` subcommand to `app`.
void add_conform_command(CLI::App& app, int& exit_code);

}  // namespace tf::cli
