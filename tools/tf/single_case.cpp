#include "tools/tf/single_case.h"

#include "conformance/suite.h"
#include "driver/ir_session.h"
#include "tools/tf/conform_command.h"

namespace tf::cli {

conformance::CaseOutcome run_single_case(const std::string& path, const std::string& name,
                                         const conformance::RuleCatalogue* rules, const eval::EvalLimits& limits) {
  conformance::CaseOutcome failed;
  failed.name = name;
  failed.status = conformance::CaseOutcome::Status::Failed;
  failed.location = {path, 0, 0};
  conformance::SuiteOptions options;
  options.paths = {path};
  options.filter = conformance::CaseFilter::exactly(name);
  options.context = &cli_context();
  options.rules = rules;
  options.limits = limits;
  attach_backends(options);
  conformance::SuiteRun run = conformance::run_suite(options);
  if (!run.outcomes.empty()) return run.outcomes.front();
  failed.reason = run.bad_input.empty() ? "the file has no case of this name"
                                        : run.bad_input.front().render();
  return failed;
}

std::string outcome_verdict(const conformance::CaseOutcome& o) {
  using S = conformance::CaseOutcome::Status;
  const char* word = "PASS";  // tf conform's words
  switch (o.status) {
    case S::Passed: word = "PASS"; break;
    case S::Failed: word = "FAIL"; break;
    case S::Skipped: word = "SKIP"; break;
    case S::Crashed: word = "CRASH"; break;
  }
  return o.reason.empty() ? std::string(word) : std::string(word) + ": " + o.reason;
}

}  // namespace tf::cli
