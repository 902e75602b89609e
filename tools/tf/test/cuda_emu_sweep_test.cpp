// The cuda-emu sweep (a test binary of its own: it loads dozens of emitted modules, and under the
// sanitizers LeakSanitizer's exit-time tracer does not survive that; see tools/tf/CMakeLists.txt).
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <functional>
#include <future>
#include <iostream>
#include <set>
#include <string>

#include "cuda/driver/backend_run.h"
#include "cuda/driver/prefetch.h"
#include "tools/tf/test/backend_sweep.h"
#include "cuda/driver/nvcc.h"

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
  conformance::SuiteOptions options = backend_sweep_options("cuda-emu");
  std::set<std::string> sources;
  options.emu = [&](const Module& tir, const std::string& entry, std::vector<eval::Tensor>& inputs,
                    std::vector<eval::Tensor>& outputs) -> Result<bool> {
    Result<bool> ran = cuda::run_emulated(tir, entry, eval::eval_context(), inputs, outputs);
    if (ran.ok()) sources.insert(*cuda::emitted_source(tir, entry, eval::eval_context()));
    return ran;
  };
  // The modules compile in batches first (as `tf conform` does): one g++ run per batch instead
  // of one per module, every verdict the same (APrefetchedSuiteCompilesInBatchesAndKeepsEveryVerdict).
  options.prefetch = cuda::backend_prefetch();
  const conformance::SuiteRun run = conformance::run_suite(options);
  expect_passed_or_not_emitted(run);
  // At least the cases that pass today (48 TIR, 87 lowered, 14 of the backend's own) keep passing.
  EXPECT_GE(run.tally.passed, 149u);
#ifdef TF_NVCC
  // Two batches compiled at once, each one translation unit holding its share of the modules in
  // namespaces of their own (the entries without C linkage): nvcc's fixed cost, parsing the
  // CUDA headers, is paid twice instead of once per module.
  std::vector<std::string> batches(2, "#include \"cuda/runtime/tf_runtime.h\"\n");
  std::size_t n = 0;
  for (std::string unit : sources) {
    for (const std::string drop : {"#include \"cuda/runtime/tf_runtime.h\"", "extern \"C\" "})
      for (std::size_t at = unit.find(drop); at != std::string::npos; at = unit.find(drop, at)) unit.erase(at, drop.size());
    batches[n % 2] += fmt::format("namespace tf_unit_{} {{\n{}\n}}\n", n, unit);
    ++n;
  }
  std::future<Result<std::string>> second =
      std::async(std::launch::async, [&] { return cuda::compile_with_nvcc(batches[1], TF_NVCC, "sm_90"); });
  const Result<std::string> first = cuda::compile_with_nvcc(batches[0], TF_NVCC, "sm_90");
  const Result<std::string> other = second.get();
  EXPECT_TRUE(first.ok()) << first.diagnostics().front().render();
  EXPECT_TRUE(other.ok()) << other.diagnostics().front().render();
  EXPECT_GE(n, 60u);
  std::cout << n << " translation units compiled with nvcc for sm_90\n";
#endif
#endif
}

// The conformance runner's prefetch (SuiteOptions::prefetch, as `tf conform` sets it): the
// HIR math cases at cuda-emu compile in a few batches, and running them again without a prefetch
// (every module then in the process's cache) gives every case the same verdict, word for word.
TEST(TfConform, APrefetchedSuiteCompilesInBatchesAndKeepsEveryVerdict) {
#ifndef TF_HAVE_CUDA_EMU
  GTEST_SKIP() << "built without the CUDA headers: no emulated backend";
#else
  conformance::SuiteOptions options;
  options.paths = {TF_SOURCE_ROOT "/conformance/cases/hir/math"};
  options.context = &eval::eval_context();
  options.level = "cuda-emu";
  int compiles = 0;
  cuda::BackendOptions backend;
  backend.on_compile = [&](std::string_view) { ++compiles; };
  options.emu = [&](const Module& tir, const std::string& entry, std::vector<eval::Tensor>& inputs,
                    std::vector<eval::Tensor>& outputs) { return cuda::run_emulated(tir, entry, eval::eval_context(), inputs, outputs, backend); };
  cuda::PrefetchReport report;
  options.prefetch = [&](const std::function<void()>& collect) {
    cuda::CompileCollector collector;
    collect();
    report = cuda::prefetch_collected(collector, backend);
  };
  const conformance::SuiteRun prefetched = conformance::run_suite(options);
  const int batched = compiles;
  options.prefetch = nullptr;
  const conformance::SuiteRun again = conformance::run_suite(options);
  EXPECT_EQ(compiles, batched) << "the second run found every module compiled";
  EXPECT_EQ(report.failures, 0u);
  EXPECT_GE(report.compiled, 20u);
  // g++ ran once per batch and once per module a batch left to its run.
  EXPECT_EQ(static_cast<std::size_t>(batched), report.libraries + report.left);
  EXPECT_LE(report.libraries * 8, report.compiled) << "at least 8 modules a batch";
  ASSERT_EQ(prefetched.outcomes.size(), again.outcomes.size());
  for (std::size_t i = 0; i < again.outcomes.size(); ++i) {
    EXPECT_EQ(prefetched.outcomes[i].name, again.outcomes[i].name);
    EXPECT_EQ(prefetched.outcomes[i].status, again.outcomes[i].status) << again.outcomes[i].name;
    EXPECT_EQ(prefetched.outcomes[i].reason, again.outcomes[i].reason) << again.outcomes[i].name;
  }
  EXPECT_GE(prefetched.tally.passed, 20u);
#endif
}

}  // namespace
}  // namespace tf::cli
