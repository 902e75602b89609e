// Running the tf binary from a gtest as a user would: a command line through the shell, its exit
// code and what it printed (stdout and stderr together, unless the command redirects them).
#pragma once

#include <gtest/gtest.h>

#include <fstream>
#include <string>

#include "ir/support/testing/shell_run.h"

namespace tf::cli::test {

/// What tf printed and how it exited (shell_run.h).
using TfRun = tf::testing::ShellRun;

/// Runs `tf ARGS 2>&1` (TF_BINARY) through the shell. With `merge_stderr` false it runs `tf ARGS`
/// as given, for `args` that redirect the streams themselves (`2>&1 >/dev/full`: stderr only).
inline TfRun run_tf_binary(const std::string& args, bool merge_stderr = true) {
  return tf::testing::shell_run(std::string(TF_BINARY) + " " + args + (merge_stderr ? " 2>&1" : ""));
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
