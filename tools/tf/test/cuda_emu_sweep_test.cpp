// The cuda-emu sweep (a test binary of its own: it loads dozens of emitted modules, and under the
// sanitizers LeakSanitizer's exit-time tracer does not survive that; see tools/tf/CMakeLists.txt).
#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "tools/tf/conform_command.h"

namespace tf::cli {
namespace {

// Level cuda-emu over the hand-written TIR cases and the lowered ones: every case passes (the
// emulated CUDA gives the machine model's bits and the case's expectations hold) or the emitter
// refuses a construct it does not emit yet, or (lowered cases) the case's expectation is about
// the HIR evaluation's error, which this level does not run. About 40 s: each function compiles.
TEST(TfConform, EveryTirAndLoweredCaseAtCudaEmuPassesOrIsNotEmittedYet) {
#ifndef TF_HAVE_CUDA_EMU
  GTEST_SKIP() << "built without the CUDA headers: no emulated backend";
#endif
  ConformRequest req{.paths = {TF_SOURCE_ROOT "/conformance/cases/tir", TF_SOURCE_ROOT "/conformance/cases/lowered"},
                     .rules = TF_SOURCE_ROOT "/conformance/rules.tsv", .quiet = true, .at = "cuda-emu"};
  std::ostringstream out, err;
  run_conform(req, out, err);
  std::istringstream lines(out.str());
  std::string line, last;
  while (std::getline(lines, line)) {
    last = line;
    if (line.rfind("FAIL ", 0) != 0 && line.rfind("CRASH ", 0) != 0) continue;
    const bool not_emitted = line.find("not emitted yet: ") != std::string::npos;
    const bool about_hir = line.find("expected an evaluation error containing") != std::string::npos;
    EXPECT_TRUE(not_emitted || about_hir) << line;
  }
  // At least the 130 cases that pass today (43 TIR, 87 lowered) keep passing.
  const int passed = std::stoi(last.substr(0, last.find(' ')));
  EXPECT_GE(passed, 130) << last;
}

}  // namespace
}  // namespace tf::cli
