// `tf reduce FILE [--property NAME] [-o OUT] [--time SECONDS] [--json]`: delta reduction of a
// failing tfir case file (a `tf fuzz` reproducer, or any file with a failing case;
// fuzz/campaign/reducer.h). The file's first failing case fixes the failure: its kind (the
// reason up to the first ": ", and the rule id of an `error[ID]` in it); every smaller text
// whose case fails with the same kind is kept. The reduced file goes to OUT (default:
// FILE.reduced.tfir), the sizes before and after to stdout, then "wrote OUT". FILE is read as every command
// reads its input (a regular file of at most 1 GiB: ir/support/regular_file.h), and --time bounds
// everything, the replays included: a replay still running when the time is up is stopped
// (deadline_interrupt.h). Exit 0 when it reduced (or the file was already minimal), 2 when the
// file does not read (its diagnostics), when no case of it fails, or when its first replay does
// not end within --time.
#pragma once

#include <iosfwd>
#include <string>

#include "fuzz/campaign/reducer.h"
#include "ir/support/result.h"

namespace CLI {
class App;
}

namespace tf::cli {

struct ReduceRequest {
  std::string file;
  std::string property;   ///< --property: the property that found it (checked against the case name)
  std::string output;     ///< -o: where the reduced file goes ("-": stdout)
  double seconds = 300;   ///< --time: the budget
  bool json = false;
};

/// Reduces `text` (a case file, named `path` in diagnostics) while its first failing case fails
/// the same way, within `seconds`, its replays included (header comment). Fails with the
/// diagnostics of a text that does not read, or with one Usage diagnostic at `path` when no case
/// of it fails ("... nothing to reduce") or its first replay does not end within `seconds`.
Result<fuzz::ReduceResult> reduce_case_file(const std::string& text, const std::string& path, double seconds);

/// Runs the request; the report to `out`, diagnostics to `err`.
int run_reduce(const ReduceRequest& request, std::ostream& out, std::ostream& err);

/// Adds the `reduce` subcommand to `app`; its callback stores the exit code in `exit_code`.
void add_reduce_command(CLI::App& app, int& exit_code);

}  // namespace tf::cli
