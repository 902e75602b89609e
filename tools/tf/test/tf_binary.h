// Running the tf binary from a gtest as a user would: a command line through the shell, its exit
// code and what it printed (stdout and stderr together, unless the command redirects them).
#pragma once

#include <gtest/gtest.h>
#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <fstream>
#include <string>

namespace tf::cli::test {

struct TfRun {
  int exit_code = -1;  ///< -1 when tf did not exit normally (a signal)
  std::string out;
};

/// Runs `tf ARGS 2>&1` (TF_BINARY) through the shell. With `merge_stderr` false it runs `tf ARGS`
/// as given, for `args` that redirect the streams themselves (`2>&1 >/dev/full`: stderr only).
inline TfRun run_tf_binary(const std::string& args, bool merge_stderr = true) {
  const std::string cmd = std::string(TF_BINARY) + " " + args + (merge_stderr ? " 2>&1" : "");
  FILE* p = popen(cmd.c_str(), "r");
  TfRun r;
  if (p == nullptr) return r;
  std::array<char, 4096> buf;
  while (std::size_t n = std::fread(buf.data(), 1, buf.size(), p)) r.out.append(buf.data(), n);
  const int status = pclose(p);
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

/// Writes `text` to a file `name` in gtest's temporary folder; its path.
inline std::string write_temp_file(const std::string& name, const std::string& text) {
  const std::string path = ::testing::TempDir() + name;
  std::ofstream(path, std::ios::binary) << text;
  return path;
}

/// Whether `text` holds `piece`.
inline bool holds(const std::string& text, const std::string& piece) {
  return text.find(piece) != std::string::npos;
}

}  // namespace tf::cli::test
