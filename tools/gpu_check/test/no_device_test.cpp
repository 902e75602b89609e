// tf-gpu-check on a machine without a CUDA device (this build's CI machines): it says so on
// stderr, writes both report files saying so, and exits 3 without running a check. Skipped
// where a device is visible (there tools/gpu-check runs the real checks).
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

#include "cuda/cublas/device.h"
#include "ir/support/testing/shell_run.h"

namespace {

using CheckRun = tf::testing::ShellRun;

// Runs tf-gpu-check with `args`, stderr merged into what it printed.
CheckRun run_check(const std::string& args) { return tf::testing::shell_run(std::string(TF_GPU_CHECK) + " " + args + " 2>&1"); }

std::string read(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

bool holds(const std::string& text, const std::string& piece) {
  return text.find(piece) != std::string::npos;
}

TEST(GpuCheckWithoutDevice, SaysSoWritesTheReportAndExitsThree) {
  if (tf::cublas::device_unavailable().empty()) GTEST_SKIP() << "a CUDA device is visible: run tools/gpu-check";
  const std::string out = ::testing::TempDir() + "gpu-check-no-device";
  const CheckRun r = run_check("--minutes 1 --out " + out);
  EXPECT_EQ(r.exit_code, 3) << r.out;
  EXPECT_TRUE(holds(r.out, "gpu-check: no CUDA device is visible (cudaGetDeviceCount")) << r.out;
  EXPECT_TRUE(holds(r.out, "everything was built and linked, including cuBLAS (cuBLAS ")) << r.out;
  EXPECT_TRUE(holds(r.out, "no check ran")) << r.out;
  const std::string md = read(out + "/report.md"), json = read(out + "/report.json");
  EXPECT_TRUE(holds(md, "no CUDA device is visible: no check ran (exit 3)")) << md;
  EXPECT_TRUE(holds(md, "| 2 | conformance at cuda-gpu | skipped |")) << md;
  EXPECT_TRUE(holds(json, "\"exit_code\": 3")) << json;
  EXPECT_TRUE(holds(json, "\"device\": null")) << json;
}

TEST(GpuCheckWithoutDevice, HelpNamesTheExitCodesAndBadUsageIsTwo) {
  const CheckRun help = run_check("--help");
  EXPECT_EQ(help.exit_code, 0);
  EXPECT_TRUE(holds(help.out, "3 no CUDA device is visible")) << help.out;
  EXPECT_EQ(run_check("--minutes -1").exit_code, 2);
  EXPECT_EQ(run_check("--no-such-option").exit_code, 2);
  // Not a multiple of 32, past the largest K (65536), not a number, past int64.
  for (const char* k : {"100", "65568", "abc", "99999999999999999999999"})
    EXPECT_EQ(run_check(std::string("--gemm-k ") + k).exit_code, 2) << k;
}

}  // namespace
