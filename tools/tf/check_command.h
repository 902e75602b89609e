// `tf check FILE... [--json]`: reads each tfir file (read_file: declarations and every function
// body, docs/tfir.md sections 1-6), verifies every function (verify_module) and reports every
// diagnostic on `err`, clang style (docs/tfir.md section 8) or one JSON object per line with
// --json. A verifier diagnostic carries its IR path and is placed at its function. Last comes a
// summary on `err`: "N files checked, N errors, N warnings"
// (a JSON object {"files_checked", "errors", "warnings"} with --json); an unreadable file counts
// as checked with one error. Exit: 2 when a file cannot be read, else 1 when a file has an
// error, else 0 (warnings alone pass).
#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace CLI {
class App;
}

namespace tf::cli {

struct CheckRequest {
  std::vector<std::string> files;
  bool json = false;
};

/// Checks every file of the request, writing diagnostics and the summary to `err` (nothing to
/// `out`); returns the exit code.
int run_check(const CheckRequest& request, std::ostream& out, std::ostream& err);

/// Adds the `check` subcommand to `app`; its callback stores the exit code in `exit_code`.
void add_check_command(CLI::App& app, int& exit_code);

}  // namespace tf::cli
