// The steps that run `tf` as child processes, at levels and properties that need no device: the
// conformance step's two levels (the second run only on the cases that passed the first, with
// their names as a --filter) and the fuzz step's run and summary.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "tools/gpu_check/steps.h"

namespace tf::gpu_check {
namespace {

CheckContext context(const std::string& out) {
  CheckContext ctx;
  ctx.root = TF_SOURCE_ROOT;
  ctx.tf = TF_BINARY;
  ctx.out = out;
  ctx.jobs = 2;
  ctx.progress = [](std::string_view) {};
  return ctx;
}

// Two case files: one case passes at every level, one fails at hir (a wrong expectation), and a
// name with regex characters passes.
std::string write_cases(const std::string& dir) {
  std::filesystem::remove_all(dir);  // a file an earlier run left would be one case more
  std::filesystem::create_directories(dir);
  std::ofstream(dir + "/a.tfir")
      << "tfir 1\n"
         "func neg(x: Tensor[(4,), f32]) -> Tensor[(4,), f32] {\n    r = neg(x)\n    return r\n}\n"
         "case \"gc/passes\" {\n    run neg\n    input x = Tensor[(4,), f32]{1, -2, 0, 3}\n"
         "    expect output = Tensor[(4,), f32]{-1, 2, -0, -3}\n}\n"
         "case \"gc/fails-first\" {\n    run neg\n    input x = Tensor[(4,), f32]{1, -2, 0, 3}\n"
         "    expect output = Tensor[(4,), f32]{1, 2, 3, 4}\n}\n";
  std::ofstream(dir + "/b.tfir")
      << "tfir 1\n"
         "func neg(x: Tensor[(2,), f32]) -> Tensor[(2,), f32] {\n    r = neg(x)\n    return r\n}\n"
         "case \"gc/odd.name (x)+\" {\n    run neg\n    input x = Tensor[(2,), f32]{1, 2}\n"
         "    expect output = Tensor[(2,), f32]{-1, -2}\n}\n";
  return dir;
}

TEST(SubprocessSteps, TheSecondLevelRunsOnlyWhatPassedTheFirst) {
  const std::string out = ::testing::TempDir() + "gpu-check-conform";
  const std::string cases = write_cases(::testing::TempDir() + "gpu-check-cases");
  const StepRecord r = conformance_levels(context(out), 120, cases, "hir", "lowered");
  EXPECT_EQ(r.status, StepStatus::Passed) << r.summary;
  EXPECT_EQ(r.name, "conformance at lowered");
  EXPECT_EQ(r.data["hir"]["passed"], 2) << r.data.dump();
  EXPECT_EQ(r.data["hir"]["failed"], 1);
  EXPECT_EQ(r.data["lowered"]["passed"], 2) << r.data.dump();
  EXPECT_EQ(r.data["lowered"]["failed"], 0);
  EXPECT_EQ(r.data["not_run"], 0);
  EXPECT_EQ(r.summary, "every case that passes at hir passes at lowered: 2");
  EXPECT_TRUE(std::filesystem::exists(out + "/conform/lowered-0.log"));
}

TEST(SubprocessSteps, ACaseThatPassesTheFirstLevelAndFailsTheSecondFailsTheStep) {
  // local passes at hir, and the lowering has no rule for it: at level lowered its cases fail.
  const std::string out = ::testing::TempDir() + "gpu-check-conform-fail";
  const std::string cases = write_cases(::testing::TempDir() + "gpu-check-cases-fail");
  std::string local = TF_SOURCE_ROOT;
  local.append("/conformance/cases/hir/tensor/local.tfir");
  std::filesystem::copy_file(local, cases + "/local.tfir", std::filesystem::copy_options::overwrite_existing);
  const StepRecord r = conformance_levels(context(out), 120, cases, "hir", "lowered");
  EXPECT_EQ(r.status, StepStatus::Failed);
  EXPECT_EQ(r.summary, "2 of 4 cases fail at lowered that pass at hir");
  EXPECT_EQ(r.data["hir"]["passed"], 4) << r.data.dump();
  EXPECT_EQ(r.data["lowered"]["failed"], 2) << r.data.dump();
  bool named = false;
  for (const std::string& d : r.details)
    named = named ||
            d.find("FAIL hir/tensor/local/full-logical-value: the HIR evaluation succeeded") != std::string::npos;
  EXPECT_TRUE(named);
}

TEST(SubprocessSteps, AFuzzRunIsSummedAndAMissingPropertyIsSkipped) {
  const std::string out = ::testing::TempDir() + "gpu-check-fuzz";
  std::filesystem::remove_all(out);  // a log of an earlier run is no evidence of this one
  const StepRecord r = fuzz_properties(context(out), 20, {"layout-laws", "no-such-property"});
  EXPECT_EQ(r.status, StepStatus::Passed) << r.summary << "\n" << r.data.dump();
  EXPECT_GT(r.data["layout-laws"]["cases"].get<std::int64_t>(), 0) << r.data.dump();
  EXPECT_EQ(r.data["layout-laws"]["failed"], 0);
  bool skipped = false;
  for (const std::string& d : r.details) skipped = skipped || d == "- no-such-property: skipped (property not built)";
  EXPECT_TRUE(skipped);
  EXPECT_TRUE(std::filesystem::exists(out + "/fuzz/layout-laws/fuzz.log"));
}

}  // namespace
}  // namespace tf::gpu_check
