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

/// The one voice of a refusal (README.md, "Asking `tf`"): when a command cannot do what it was
/// asked (a bad option or argument, a file that cannot be read or written, a program that does
/// not read or verify for a command that needs it, a pipeline that refuses), each diagnostic is
/// written on stderr as "tf: " and its clang-style rendering, "tf: error[usage]: ...",
/// "tf: FILE:LINE:COL: error[RULE.ID]: ...". The diagnostics that are a command's answer about a
/// program are written without it: tf check's findings, and what a program did when tf eval, tf
/// run or tf diff ran it (undefined behaviour, an evaluation error).
inline constexpr std::string_view kRefusalPrefix = "tf: ";

/// Writes `d` to `err` as a refusal: kRefusalPrefix and its rendering, or with `json` its
/// diagnostic_json object on one line.
void write_refusal(const Diagnostic& d, std::ostream& err, bool json);

/// Writes `diags` to `err` as refusals and returns kExitBadInput.
int report_bad_input(const std::vector<Diagnostic>& diags, std::ostream& err, bool json);

/// The one voice of an output file: what every command says on stdout once it has written a file
/// it was asked to write (-o, --out, --junit, --json FILE, --svg, --report), "wrote PATH" or, with
/// `what`, "wrote PATH (WHAT)"; nothing when the command's stdout is JSON (the caller does not
/// call it then).
void say_wrote(std::ostream& out, std::string_view path, std::string_view what = {});

/// Writes `text` to the file `path` (created or truncated), checking the open, every write and
/// the close (a full disk often shows only when the last buffer is flushed): nullopt, or a Usage
/// diagnostic located at the file, "cannot write 'PATH': REASON". What every command that writes
/// a file (-o, --junit, --json FILE, --out, --svg) writes it with, so that no output is lost
/// silently.
std::optional<Diagnostic> write_file(const std::string& path, std::string_view text);

/// Writes `text` to `out` when `path` is empty, else to the file `path` (write_file) and says so
/// on `out` (say_wrote): kExitOk, or the diagnostic on `err` and kExitBadInput when the file
/// cannot be written.
int write_text_output(const std::string& text, const std::string& path, std::ostream& out, std::ostream& err);

/// The diagnostics of a failed pipeline written to `err` as refusals: kExitInternalError when the
/// first is an internal error (a pass broke the IR), else kExitBadInput.
int report_pipeline_failure(const std::vector<Diagnostic>& diags, std::ostream& err, bool json);

}  // namespace tf::cli
