// Running a compiler from the driver: a shell command's exit status and combined output, and a
// scratch directory removed when it goes.
#pragma once

#include <string>
#include <utility>

namespace tf::cuda {

/// Runs `command` through the shell: its exit status (-1 when it did not exit normally) and
/// its stdout and stderr together.
std::pair<int, std::string> run_command(const std::string& command);

/// The first `n` lines of `text`.
std::string first_lines(const std::string& text, int n);

/// A fresh directory under the system's temporary directory ("" when none could be made).
std::string make_scratch_dir();
/// What a diagnostic says when make_scratch_dir fails.
inline constexpr const char* kScratchDirAdvice =
    "the temporary directory (TMPDIR, else /tmp) must be a folder this user can write; set TMPDIR to one";

}  // namespace tf::cuda
