// The report (report.h) of a made-up check: the verdict and exit code, one table row per step,
// each step's details, the bounds, and the same facts in the JSON.
#include "tools/gpu_check/report.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>

namespace tf::gpu_check {
namespace {

Report made_up() {
  Report r;
  r.started = "2026-12-06T12:00:00Z";
  r.minutes = 8;
  r.seconds = 301;
  r.exit_code = 1;
  r.verdict = "a check failed or did not finish in its time";
  r.libraries = "cuBLAS 13.1.0";
  cublas::DeviceFacts d;
  d.name = "NVIDIA H100";
  d.major = 9;
  r.device = d;
  StepRecord ok = not_run("device", StepStatus::Passed, "NVIDIA H100 (sm_90)");
  StepRecord bad = not_run("bf16 GEMM against cuBLAS", StepStatus::Failed, "outside its bound: cuBLAS | pipes");
  bad.details = {"- cuBLAS (sequential, u=2^-23): 3 of 196608 judged elements outside"};
  bad.data["outside"] = 3;
  r.steps = {ok, bad, not_run("fuzzing against the GPU", StepStatus::OutOfTime, "no time was left for it")};
  return r;
}

TEST(GpuCheckReport, TheMarkdownHasTheVerdictEveryStepAndTheBounds) {
  const std::string md = report_markdown(made_up());
  for (const char* piece :
       {"**verdict**: a check failed or did not finish in its time (exit 1)", "- device: NVIDIA H100 (sm_90)",
        "| 2 | bf16 GEMM against cuBLAS | failed | 0 s / 0 s | outside its bound: cuBLAS   pipes |",
        "| 3 | fuzzing against the GPU | not run: out of time |", "## 2. bf16 GEMM against cuBLAS: failed",
        "- cuBLAS (sequential, u=2^-23): 3 of 196608", "## The bounds of the GEMM step",
        "- emitted kernel: sequential, u=2^-23, then rounded to a 8-bit significand"})
    EXPECT_NE(md.find(piece), std::string::npos) << piece << "\n" << md;
}

TEST(GpuCheckReport, TheJsonHoldsTheSameFacts) {
  const nlohmann::json j = nlohmann::json::parse(report_json(made_up()));
  EXPECT_EQ(j["tool"], "tf-gpu-check");
  EXPECT_EQ(j["exit_code"], 1);
  EXPECT_EQ(j["device"]["arch"], "sm_90");
  ASSERT_EQ(j["steps"].size(), 3u);
  EXPECT_EQ(j["steps"][1]["status"], "failed");
  EXPECT_EQ(j["steps"][1]["data"]["outside"], 3);
  EXPECT_EQ(j["steps"][2]["status"], "not run: out of time");
}

TEST(GpuCheckReport, WithoutADeviceTheDeviceIsNull) {
  Report r = made_up();
  r.device.reset();
  EXPECT_TRUE(nlohmann::json::parse(report_json(r))["device"].is_null());
  EXPECT_NE(report_markdown(r).find("- device: none"), std::string::npos);
}

TEST(GpuCheckReport, BothFilesAreWritten) {
  const std::string dir = ::testing::TempDir() + "gpu-check-report-test";
  EXPECT_FALSE(write_report(made_up(), dir).has_value());
  EXPECT_TRUE(std::filesystem::is_regular_file(dir + "/report.md"));
  EXPECT_TRUE(std::filesystem::is_regular_file(dir + "/report.json"));
  EXPECT_TRUE(write_report(made_up(), "/dev/null/not-a-folder").has_value());  // a folder that cannot be made
}

}  // namespace
}  // namespace tf::gpu_check
