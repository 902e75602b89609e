// Reading any program (driver/: what tf, the Python module and the fuzz targets share; see
// function_run.h): the Context with every op family and the evaluator's handlers, and "read
// this file (a .py through tf import), then verify it" with every diagnostic collected, as every
// tf subcommand that reads programs and the Python module's Program.load_file read them.
#pragma once

#include <string>
#include <vector>

#include "ir/core/context.h"
#include "ir/support/result.h"
#include "ir/text/file_reader.h"
#include "ir/verify/read_and_verify.h"

namespace tf::cli {

/// The Context `tf` reads, verifies and evaluates in (eval::eval_context()).
const Context& cli_context();

/// Reads the file at `path` and checks it (check_source); an unreadable file is one read error.
CheckedFile check_source_file(const std::string& path);

/// read_and_verify in cli_context().
CheckedFile check_source(const std::string& source, const std::string& path);

}  // namespace tf::cli
