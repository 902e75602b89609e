// The cuda-emu sweep (a test binary of its own: it loads dozens of emitted modules, and under the
// sanitizers LeakSanitizer's exit-time tracer does not survive that; see tools/tf/CMakeLists.txt).
#include <gtest/gtest.h>

#include <future>
#include <set>
#include <string>

#include "conformance/suite.h"
#include "cuda/driver/backend_run.h"
#include "cuda/driver/nvcc.h"
#include "eval/hir/eval_tables.h"

namespace tf::cli {
namespace {

// Level cuda-emu over the hand-written TIR cases, the lowered ones and the backend's own: every
// case passes (the emulated CUDA gives the machine model's bits and the case's expectations hold)
// or the emitter refuses a construct it does not emit yet, or (lowered cases) the case's
// expectation is about the HIR evaluation's error, which this level does not run. Then every
// distinct translation unit the passing cases ran compiles with nvcc for sm_90 (compile-only, two
// at a time): the emitted kernels of the suite are CUDA, not only C++ the emulation accepts.
// About three minutes: each function compiles twice.
TEST(TfConform, EveryCaseAtCudaEmuPassesAndItsSourceCompilesWithNvcc) {
#ifndef TF_HAVE_CUDA_EMU
  GTEST_SKIP() << "built without the CUDA headers: no emulated backend";
#else
  conformance::SuiteOptions options;
  options.paths = {TF_SOURCE_ROOT "/conformance/cases/tir", TF_SOURCE_ROOT "/conformance/cases/lowered",
                   TF_SOURCE_ROOT "/conformance/cases/emu"};
  options.context = &eval::eval_context();
  options.level = "cuda-emu";
  std::set<std::string> sources;
  options.emu = [&](const Module& tir, const std::string& entry, std::vector<eval::Tensor>& inputs,
                    std::vector<eval::Tensor>& outputs) -> Result<bool> {
    Result<bool> ran = cuda::run_emulated(tir, entry, eval::eval_context(), inputs, outputs);
    if (ran.ok()) sources.insert(*cuda::emitted_source(tir, entry, eval::eval_context()));
    return ran;
  };
  const conformance::SuiteRun run = conformance::run_suite(options);
  EXPECT_TRUE(run.bad_input.empty());
  for (const conformance::CaseOutcome& o : run.outcomes) {
    if (o.status == conformance::CaseOutcome::Status::Passed) continue;
    const bool not_emitted = o.reason.find("not emitted yet: ") != std::string::npos;
    const bool about_hir = o.reason.find("expected an evaluation error containing") != std::string::npos;
    EXPECT_TRUE(o.status == conformance::CaseOutcome::Status::Failed && (not_emitted || about_hir)) << o.name << ": " << o.reason;
  }
  // At least the cases that pass today (48 TIR, 87 lowered, 14 of the backend's own) keep passing.
  EXPECT_GE(run.tally.passed, 149u);
#ifdef TF_NVCC
  std::vector<std::string> units(sources.begin(), sources.end());
  for (std::size_t i = 0; i < units.size(); i += 2) {
    std::future<Result<std::string>> second;
    if (i + 1 < units.size())
      second = std::async(std::launch::async, [&, i] { return cuda::compile_with_nvcc(units[i + 1], TF_NVCC, "sm_90"); });
    const Result<std::string> first = cuda::compile_with_nvcc(units[i], TF_NVCC, "sm_90");
    EXPECT_TRUE(first.ok()) << first.diagnostics().front().render();
    if (second.valid()) {
      const Result<std::string> ptx = second.get();
      EXPECT_TRUE(ptx.ok()) << ptx.diagnostics().front().render();
    }
  }
  EXPECT_GE(units.size(), 60u);
  RecordProperty("nvcc_units", static_cast<int>(units.size()));
#endif
#endif
}

}  // namespace
}  // namespace tf::cli
