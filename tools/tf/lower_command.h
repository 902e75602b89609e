// `tf lower FILE`: the module lowered from HIR to TIR (lower/pipeline.h), printed as tfir that
// `tf check` accepts and `tf eval` runs: each HIR function becomes a kernel `NAME_kernel` and a
// host entry `NAME` with the function's parameters and trailing outputs. A file that does not
// read or verify, an unknown pass (in --pipeline or --dump-after), an op without a lowering rule
// or a program the lowering cannot finish (recursion, a budget: docs/lowering.md): diagnostics,
// exit 2. A pass whose result fails verification: an internal error naming the pass, exit 3.
#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace CLI {
class App;
}

namespace tf::cli {

struct LowerRequest {
  std::string file;
  std::string function;                 ///< --fn: lower only this function (and what it calls)
  std::string output;                   ///< -o: write the text here instead of stdout
  std::vector<std::string> dump_after;  ///< --dump-after PASS (or all)
  std::vector<std::string> pipeline;    ///< --pipeline P1,P2 (empty: the default)
  bool json = false;
  bool explain = false;                 ///< --explain: each function's strategy, geometry, registers
};

/// Lowers the request's file; the text to `out` (or the -o file), diagnostics and dumps to `err`.
int run_lower(const LowerRequest& request, std::ostream& out, std::ostream& err);

/// Adds the `lower` subcommand to `app`; its callback stores the exit code in `exit_code`.
void add_lower_command(CLI::App& app, int& exit_code);

}  // namespace tf::cli
