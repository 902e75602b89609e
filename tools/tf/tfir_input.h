// Reading a tfir file named on the command line and writing the diagnostics about it; shared
// by `tf check` and `tf print` (DESIGN.md section 10).
#pragma once

#include <ostream>
#include <string>

#include "ir/support/diagnostic.h"
#include "ir/support/result.h"

namespace tf::cli {

/// The whole text of the file at `path`. Fails with one Usage diagnostic located at the file
/// ("cannot read 'PATH': REASON") when it cannot be opened or read (a directory included).
Result<std::string> read_source_file(const std::string& path);

/// Writes `d` to `out` on its own line(s): its clang-style rendering (TFIR.md section 8), or
/// with `json` its diagnostic_json object on one line.
void write_diagnostic(const Diagnostic& d, std::ostream& out, bool json);

}  // namespace tf::cli
