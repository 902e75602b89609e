// Child processes with deadlines (child_process.h): output captured line by line, several at
// once, SIGTERM at the soft deadline (a child may finish there), SIGKILL of the group at the
// hard one, and a program that does not exist reported.
#include "tools/gpu_check/child_process.h"

#include <gtest/gtest.h>

#include <chrono>

namespace tf::gpu_check {
namespace {

TEST(ChildProcess, OutputExitCodesAndLinesOfSeveralAtOnce) {
  std::vector<std::string> lines;
  const std::vector<ChildRun> runs = run_children(
      {{"sh", "-c", "echo one; echo two; exit 3"}, {"sh", "-c", "echo err >&2; printf tail"}}, 30, 40,
      [&](std::size_t i, std::string_view line) { lines.push_back(std::to_string(i) + ":" + std::string(line)); });
  ASSERT_EQ(runs.size(), 2u);
  EXPECT_EQ(runs[0].out, "one\ntwo\n");
  EXPECT_EQ(runs[0].exit_code, 3);
  EXPECT_FALSE(runs[0].stopped);
  EXPECT_EQ(runs[1].err, "err\n");
  EXPECT_EQ(runs[1].exit_code, 0);
  EXPECT_NE(std::find(lines.begin(), lines.end(), "0:two"), lines.end());
  EXPECT_NE(std::find(lines.begin(), lines.end(), "1:tail"), lines.end());  // an unfinished last line too
}

TEST(ChildProcess, TheSoftDeadlineAsksTheChildToFinish) {
  const auto start = std::chrono::steady_clock::now();
  const std::vector<ChildRun> runs = run_children(
      {{"sh", "-c", "trap 'echo finishing; exit 5' TERM; echo started; while :; do sleep 0.1; done"}}, 0.5, 20);
  EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(), 10.0);
  EXPECT_TRUE(runs[0].stopped);
  EXPECT_EQ(runs[0].exit_code, 5);
  EXPECT_EQ(runs[0].out, "started\nfinishing\n");
}

TEST(ChildProcess, TheHardDeadlineKillsTheWholeGroup) {
  const auto start = std::chrono::steady_clock::now();
  const std::vector<ChildRun> runs = run_children({{"sh", "-c", "trap '' TERM; sleep 60 & sleep 60; wait"}}, 0.3, 1.0);
  EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(), 15.0);
  EXPECT_TRUE(runs[0].stopped);
  EXPECT_EQ(runs[0].exit_code, -1);
}

TEST(ChildProcess, AProgramThatDoesNotExistIsReported) {
  const std::vector<ChildRun> runs = run_children({{"/nonexistent/tf-gpu-check-test-program"}, {}}, 10, 20);
  EXPECT_EQ(runs[0].exit_code, 127);
  EXPECT_NE(runs[0].err.find("cannot run /nonexistent/tf-gpu-check-test-program"), std::string::npos) << runs[0].err;
  EXPECT_EQ(runs[1].start_error, "an empty command");
}

}  // namespace
}  // namespace tf::gpu_check
