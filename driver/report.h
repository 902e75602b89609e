// How every tf subcommand reports bad input: diagnostics on stderr (clang style, or one JSON
// object per diagnostic with --json) and the exit code 2 (README.md, "Asking `tf`"). In driver/
// (function_run.h) because the Python module packages its diagnostics as the same JSON objects
// (diagnostic_json), and run_layout reports through it.
#pragma once

#include <nlohmann/json.hpp>

#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "ir/support/diagnostic.h"

namespace tf::cli {

inline constexpr int kExitOk = 0;
inline constexpr int kExitCheckFailed = 1;
inline constexpr int kExitBadInput = 2;
/// A bug in tf itself: a failed internal check (`internal error: ...` on stderr), or a
/// conformance case that crashed.
inline constexpr int kExitInternalError = 3;

/// The JSON form of a diagnostic: {"severity", "tag", "rule", "message", "file", "line",
/// "column", "notes", "ir_path"}, and "related": [{"message", "file", "line", "column"}] when
/// it names other places.
nlohmann::json diagnostic_json(const Diagnostic& d);

/// Writes `diags` to `err` and returns kExitBadInput.
int report_bad_input(const std::vector<Diagnostic>& diags, std::ostream& err, bool json);

/// Writes `text` to the file `path` (created or truncated), checking the open, every write and
/// the close (a full disk often shows only when the last buffer is flushed): nullopt, or a Usage
/// diagnostic located at the file, "cannot write 'PATH': REASON". What every command that writes
/// a file (-o, --junit, --json FILE, --out, --svg) writes it with, so that no output is lost
/// silently.
std::optional<Diagnostic> write_file(const std::string& path, std::string_view text);

/// Writes `text` to `out` when `path` is empty, else to the file `path` (write_file): kExitOk, or
/// the diagnostic on `err` and kExitBadInput when the file cannot be written.
int write_text_output(const std::string& text, const std::string& path, std::ostream& out, std::ostream& err);

/// The diagnostics of a failed pipeline written to `err`: kExitInternalError when the first is an
/// internal error (a pass broke the IR), else kExitBadInput (a refusal).
int report_pipeline_failure(const std::vector<Diagnostic>& diags, std::ostream& err, bool json);

}  // namespace tf::cli
