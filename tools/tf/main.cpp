// tf: the TileFoundry-C++ command line (README.md, "Asking `tf`"); the commands are in tf_app.h.
#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

#include "driver/report.h"
#include "eval/value/allocator_reuse.h"
#include "tools/tf/cli_value.h"
#include "tools/tf/tf_app.h"

int main(int argc, char** argv) {
  tf::eval::keep_freed_memory_for_reuse();
  std::vector<std::string> args = tf::cli::value_arguments(argc, argv);
  args.erase(args.begin());
  const int code = tf::cli::run_tf(std::move(args));
  // What a command printed is checked too: a standard output that cannot take it (a full disk)
  // is an error, not a silent loss with exit 0.
  std::cout.flush();
  if (!std::cout || std::fflush(stdout) != 0 || std::ferror(stdout) != 0) {
    tf::cli::write_refusal(tf::category_error(tf::DiagCategory::Usage,
                                              "cannot write the standard output: what the command printed is lost"),
                           std::cerr, /*json=*/false);
    return code == tf::cli::kExitOk || code == tf::cli::kExitCheckFailed ? tf::cli::kExitBadInput : code;
  }
  return code;
}
