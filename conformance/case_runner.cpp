#include "conformance/case_runner.h"

#include <fmt/format.h>

namespace tf::conformance {

const char* status_name(CaseOutcome::Status s) {
  switch (s) {
    case CaseOutcome::Status::Passed: return "passed";
    case CaseOutcome::Status::Failed: return "failed";
    case CaseOutcome::Status::Skipped: return "skipped";
  }
  return "?";
}

namespace {

std::string summary(const std::vector<Diagnostic>& diags) {
  if (diags.empty()) return "no diagnostic was reported";
  std::string s = "reported instead: " + diags[0].render();
  if (diags.size() > 1) s += fmt::format(" (and {} more)", diags.size() - 1);
  return s;
}

}  // namespace

CaseOutcome judge_case(const Case& c, const std::vector<Diagnostic>& file_diagnostics) {
  CaseOutcome out{c.name, CaseOutcome::Status::Passed, "", c.location};
  std::vector<Diagnostic> errors;
  for (const Diagnostic& d : file_diagnostics)
    if (d.severity == Severity::Error) errors.push_back(d);
  bool evaluates = false;
  for (const CaseExpect& e : c.expects) {
    if (e.kind == CaseExpect::Kind::Error) {
      bool found = false;
      for (const Diagnostic& d : errors) found = found || d.rule_id == e.rule_id;
      if (!found) {
        out.status = CaseOutcome::Status::Failed;
        out.reason = fmt::format("expected a diagnostic naming {}; {}", e.rule_id, summary(errors));
        return out;
      }
      continue;
    }
    evaluates = true;
  }
  const bool expects_error = std::any_of(c.expects.begin(), c.expects.end(), [](const CaseExpect& e) {
    return e.kind == CaseExpect::Kind::Error;
  });
  if (!expects_error && !errors.empty()) {
    out.status = CaseOutcome::Status::Failed;
    out.reason = fmt::format("the file does not read and verify: {}", errors[0].render());
    return out;
  }
  if (evaluates) {
    out.status = CaseOutcome::Status::Skipped;
    out.reason = fmt::format("the file verifies; its expectations need the {} evaluator, which is "
                             "not built yet",
                             c.level);
  }
  return out;
}

}  // namespace tf::conformance
