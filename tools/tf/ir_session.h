// What the tf subcommands that read programs share: the op tables with every family registered,
// the reader options, and "read this file, then verify it" with every diagnostic collected.
#pragma once

#include <string>
#include <vector>

#include "ir/core/op_handlers.h"
#include "ir/support/result.h"
#include "ir/text/file_reader.h"
#include "ir/verify/read_and_verify.h"

namespace tf::cli {

/// The process-wide op tables with every op family the project has registered, with the HIR
/// evaluator's handlers (idempotent).
const OpHandlers& cli_op_tables();

/// Reader options over cli_op_tables(), with the TIR layer's atom factory.
text::ReadOptions cli_read_options();

/// Reads the file at `path` and checks it (check_source); an unreadable file is one read error.
CheckedFile check_source_file(const std::string& path);

/// read_and_verify over cli_read_options().
CheckedFile check_source(const std::string& source, const std::string& path);

}  // namespace tf::cli
