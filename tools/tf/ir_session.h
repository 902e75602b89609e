// What the tf subcommands that read programs share: the op tables with every family registered,
// the reader options, and "read this file, then verify it" with every diagnostic collected.
#pragma once

#include <string>
#include <vector>

#include "ir/core/op_handlers.h"
#include "ir/support/result.h"
#include "ir/text/file_reader.h"

namespace tf::cli {

/// The process-wide op tables with every op family the project has registered, with the HIR
/// evaluator's handlers (idempotent).
const OpHandlers& cli_op_tables();

/// Reader options over cli_op_tables(), with the TIR layer's atom factory.
text::ReadOptions cli_read_options();

/// A file read and verified.
struct CheckedFile {
  std::optional<text::ReadFile> file;  ///< empty when the file did not read
  std::vector<Diagnostic> diagnostics; ///< every diagnostic of reading and verifying, in order
};

/// Places a diagnostic that names an IR path (`f.body.args[0]`) but no source position at the
/// keyword of its function's item.
void place_at_function(Diagnostic& d, const text::ReadFile& file);

/// Reads the file at `path` and checks it (check_source); an unreadable file is one diagnostic.
CheckedFile check_source_file(const std::string& path);

/// Reads `source` (named `path`) and, when it reads, verifies every function (each diagnostic
/// placed by place_at_function).
CheckedFile check_source(const std::string& source, const std::string& path);

}  // namespace tf::cli
