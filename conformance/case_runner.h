// Running conformance cases (TFIR.md section 7) at the levels built so far.
//
// Today a case is judged against what reading and verifying its file reports (every diagnostic
// of read_file and verify_module):
//  - `expect error RULE.ID` passes when some diagnostic carries exactly that id, and fails
//    otherwise, listing the diagnostics that were reported instead;
//  - a case without an error expectation needs its file to read and verify cleanly; its
//    `expect output` lines need the evaluator of its level, so such a case is reported skipped
//    with that reason (it fails if the file does not verify);
//  - `expect error eval "..."` needs the evaluator: skipped with the reason.
#pragma once

#include <string>
#include <vector>

#include "conformance/case_reader.h"
#include "ir/support/diagnostic.h"

namespace tf::conformance {

/// The verdict on one case.
struct CaseOutcome {
  enum class Status { Passed, Failed, Skipped };
  std::string name;
  Status status = Status::Passed;
  std::string reason;  ///< why it failed or was skipped
  SourceLocation location;
};

/// "passed", "failed", "skipped".
const char* status_name(CaseOutcome::Status s);

/// The verdict on `c` given every diagnostic of its file (`file_diagnostics`).
CaseOutcome judge_case(const Case& c, const std::vector<Diagnostic>& file_diagnostics);

}  // namespace tf::conformance
