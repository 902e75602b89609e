// What the tf subcommands that read programs share: the op tables with every family registered,
// the reader options, and "read this file, then verify it" with every diagnostic collected.
#pragma once

#include <string>
#include <vector>

#include "ir/core/op_handlers.h"
#include "ir/support/result.h"
#include "ir/text/file_reader.h"

namespace tf::cli {

/// The process-wide op tables with every op family the project has registered (idempotent).
const OpHandlers& cli_op_tables();

/// Reader options over cli_op_tables(), with the TIR layer's atom factory.
text::ReadOptions cli_read_options();

/// A file read and verified.
struct CheckedFile {
  std::optional<text::ReadFile> file;  ///< empty when the file did not read
  std::vector<Diagnostic> diagnostics; ///< every diagnostic of reading and verifying, in order
};

/// Reads `source` (named `path`) and, when it reads, verifies every function.
CheckedFile check_source(const std::string& source, const std::string& path);

}  // namespace tf::cli
