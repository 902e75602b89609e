// Running a command line through the shell from a test and taking what it printed: the tests of
// the command-line programs (tools/tf, tools/gpu_check) run their binaries this way.
#pragma once

#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <string>

namespace tf::testing {

/// What a command printed on stdout and how it exited.
struct ShellRun {
  int exit_code = -1;  ///< -1 when it did not exit normally (a signal) or did not start
  std::string out;
};

/// Runs `command` with `sh -c` (popen) and reads its stdout to the end.
inline ShellRun shell_run(const std::string& command) {
  ShellRun r;
  FILE* p = popen(command.c_str(), "r");
  if (p == nullptr) return r;
  std::array<char, 4096> buf;
  while (std::size_t n = std::fread(buf.data(), 1, buf.size(), p)) r.out.append(buf.data(), n);
  const int status = pclose(p);
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

}  // namespace tf::testing
