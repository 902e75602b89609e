// Writing the diagnostics about a file named on the command line (README.md, "Asking `tf`").
#pragma once

#include <ostream>
#include <string>

#include "ir/support/diagnostic.h"

namespace tf::cli {

/// Writes `d` to `out` on its own line(s): its clang-style rendering (docs/tfir.md section 8), or
/// with `json` its diagnostic_json object on one line. For a diagnostic that is a command's answer
/// about a program (tf check's findings, what a run did); a refusal is write_refusal's (report.h).
void write_diagnostic(const Diagnostic& d, std::ostream& out, bool json);

}  // namespace tf::cli
