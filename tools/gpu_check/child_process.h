// Running `tf` subcommands from the GPU check as child processes, several at once, each ended at
// a deadline: what the check's steps that shell out (conformance, fuzzing) share.
//
// Design note. Each child runs in a process group of its own with stdout and stderr captured
// through pipes (the check reads them while they run, so a chatty child never blocks). At the
// soft deadline the child itself gets SIGTERM: `tf conform` and `tf fuzz` treat it as Ctrl-C and
// finish with what they have (a campaign prints its summary); at the hard deadline its whole
// group (nvcc included) gets SIGKILL. A child that cannot be started is reported, not thrown.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace tf::gpu_check {

/// What one child did.
struct ChildRun {
  std::vector<std::string> argv;
  std::string out;          ///< everything it wrote on stdout
  std::string err;          ///< its stderr (the last 64 KiB)
  int exit_code = -1;       ///< its exit status; -1 when a signal ended it or it did not start
  bool stopped = false;     ///< the soft or hard deadline came before it exited
  std::string start_error;  ///< why it did not start ("" when it did)
  double seconds = 0;
};

/// Runs every command (argv[0] found through PATH when it has no slash) at once and waits for
/// all: at `soft_seconds` each child still running gets SIGTERM, at `hard_seconds` its process
/// group SIGKILL (design note). `on_line(i, line)` sees each stdout line of command i as it
/// arrives (null: nothing).
std::vector<ChildRun> run_children(const std::vector<std::vector<std::string>>& commands, double soft_seconds,
                                   double hard_seconds,
                                   const std::function<void(std::size_t, std::string_view)>& on_line = {});

}  // namespace tf::gpu_check
