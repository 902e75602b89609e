// `tf print FILE`: the canonical text of a tfir file (print_file: `tfir 1`, the declarations
// in canonical spacing, each function printed from its IR, each case verbatim) on `out`. A
// file that cannot be
// read, or does not read as tfir, writes its diagnostics to `err` (clang style, docs/tfir.md
// section 8) and exits 2.
#pragma once

#include <ostream>
#include <string>

namespace CLI {
class App;
}

namespace tf::cli {

struct PrintRequest {
  std::string file;
};

/// Prints the request's file canonically to `out`, or its diagnostics to `err`; returns the
/// exit code.
int run_print(const PrintRequest& request, std::ostream& out, std::ostream& err);

/// Adds the `print` subcommand to `app`; its callback stores the exit code in `exit_code`.
void add_print_command(CLI::App& app, int& exit_code);

}  // namespace tf::cli
