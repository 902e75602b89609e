// What the backend sweeps (cuda_emu_sweep_test, cuda_gpu_sweep_test) share: the case folders
// run at a backend level, and the verdict that every case passes or is refused by name.
#pragma once

#include <gtest/gtest.h>

#include <string>

#include "conformance/suite.h"
#include "eval/hir/eval_tables.h"

namespace tf::cli {

/// The hand-written TIR cases, the lowered ones and the backend's own, at `level`.
inline conformance::SuiteOptions backend_sweep_options(const std::string& level) {
  conformance::SuiteOptions options;
  options.paths = {TF_SOURCE_ROOT "/conformance/cases/tir", TF_SOURCE_ROOT "/conformance/cases/lowered",
                   TF_SOURCE_ROOT "/conformance/cases/emu"};
  options.context = &eval::eval_context();
  options.level = level;
  return options;
}

/// Every case passed, or failed only because the emitter does not emit a construct yet, or
/// because it expects the HIR evaluation's own error (which a backend level does not run).
inline void expect_passed_or_not_emitted(const conformance::SuiteRun& run) {
  EXPECT_TRUE(run.bad_input.empty());
  for (const conformance::CaseOutcome& o : run.outcomes) {
    if (o.status == conformance::CaseOutcome::Status::Passed) continue;
    const bool not_emitted = o.reason.find("not emitted yet: ") != std::string::npos;
    const bool about_hir = o.reason.find("expected an evaluation error containing") != std::string::npos;
    EXPECT_TRUE(o.status == conformance::CaseOutcome::Status::Failed && (not_emitted || about_hir)) << o.name << ": " << o.reason;
  }
}

}  // namespace tf::cli
