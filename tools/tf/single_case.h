// Running one named case of a case file, as `tf conform FILE --filter '^NAME$'` does.
#pragma once

#include <string>

#include "conformance/case_runner.h"
#include "conformance/rule_catalogue.h"

namespace tf::cli {

/// The outcome of the case `name` of the file at `path`, run in cli_context() under `limits` and
/// with the backends this build has (attach_backends). When the file cannot be run or
/// has no such case, a Failed outcome whose reason says why (the first diagnostic).
/// `rules` (may be null) checks the file's `covers` and `expect error` ids.
conformance::CaseOutcome run_single_case(const std::string& path, const std::string& name,
                                         const conformance::RuleCatalogue* rules, const eval::EvalLimits& limits = {});

/// The verdict as explain prints it: PASS, or FAIL / SKIP / CRASH with `: reason`.
std::string outcome_verdict(const conformance::CaseOutcome& outcome);

}  // namespace tf::cli
