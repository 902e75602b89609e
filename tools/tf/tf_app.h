// The whole `tf` command line as a function: main() and the CLI fuzz target call it.
// Exit codes: 0 success, 1 a check failed, 2 bad usage or input, 3 an internal error (a bug in
// tf: the failed check is printed as `tf: internal error: ...`).
#pragma once

#include <string>
#include <vector>

namespace tf::cli {

/// Runs `tf` on `args` (the arguments after the program name, already passed through
/// value_arguments); subcommands write to std::cout and std::cerr. Returns the exit code.
int run_tf(std::vector<std::string> args);

}  // namespace tf::cli
