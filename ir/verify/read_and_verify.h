// read_and_verify: the one entry from tfir text to checked IR — read the file, and when it reads,
// verify every function of its module (verify_module). What `tf check`, `tf conform`, the
// fuzzers and the evaluators' tests do to a file.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ir/core/op_handlers.h"
#include "ir/support/diagnostic.h"
#include "ir/text/file_reader.h"

namespace tf {

/// What reading and verifying one text gave.
struct CheckedFile {
  std::optional<text::ReadFile> file;    ///< the read file, when reading succeeded
  std::vector<Diagnostic> read_errors;   ///< the reader's diagnostics when it failed
  std::vector<Diagnostic> verify_errors; ///< verify_module's diagnostics when it read

  /// Every diagnostic, reading's then verifying's.
  std::vector<Diagnostic> diagnostics() const;
};

/// Places a diagnostic that names its function (Diagnostic::function) but no source position
/// at the keyword of that function's item in `file`.
void place_at_function(Diagnostic& d, const text::ReadFile& file);

/// Reads `text` (named `path` in diagnostics) in `context` and, when it reads, verifies its
/// module with the context's handlers. A verifier diagnostic without a source position (one about
/// a signature, or an HIR value) is placed at the keyword of its function's item; a TIR
/// statement's diagnostic is at the statement.
CheckedFile read_and_verify(std::string_view text, const std::string& path,
                            const Context& context);

}  // namespace tf
