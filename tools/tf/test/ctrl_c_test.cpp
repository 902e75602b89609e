// Issue 34, adversarial pass F9: Ctrl-C during `tf conform` or `tf reduce` killed the process with
// exit 130 and no output. Now the running evaluation stops at its next step, the command reports
// what it ran and that it was interrupted, and exits 2. The test starts tf, lets a long case run,
// sends SIGINT and reads what tf wrote.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

namespace {

struct Interrupted {
  int exit_code = -1;  ///< -1: killed by a signal
  std::string out;     ///< stdout and stderr together
};

// Whether process `pid` has a handler for SIGINT.
bool catches_sigint(pid_t pid) {
  std::ifstream status("/proc/" + std::to_string(pid) + "/status");
  for (std::string line; std::getline(status, line);)
    if (line.rfind("SigCgt:", 0) == 0) return (std::stoull(line.substr(7), nullptr, 16) >> (SIGINT - 1)) & 1u;
  return false;
}

// Runs tf with `args` (and TMPDIR=`tmpdir` when given), sends `signal` `after` it handles SIGINT
// (it installs its SIGINT, SIGTERM and SIGHUP handlers together), and waits for it to end.
Interrupted interrupt(const std::vector<std::string>& args, std::chrono::milliseconds after, int signal = SIGINT,
                      const std::string& tmpdir = "") {
  int pipe_fds[2];
  EXPECT_EQ(pipe(pipe_fds), 0);
  const pid_t pid = fork();
  if (pid == 0) {
    dup2(pipe_fds[1], 1);
    dup2(pipe_fds[1], 2);
    close(pipe_fds[0]);
    if (!tmpdir.empty()) setenv("TMPDIR", tmpdir.c_str(), 1);
    std::vector<char*> argv{const_cast<char*>(TF_BINARY)};
    for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    execv(TF_BINARY, argv.data());
    _exit(127);
  }
  close(pipe_fds[1]);
  // SIGINT only once tf catches it (bit 2 of SigCgt in /proc/PID/status), then after `after`:
  // a signal sent before would kill tf, as Ctrl-C kills any program before it handles it.
  for (int tries = 0; tries < 600 && !catches_sigint(pid); ++tries) std::this_thread::sleep_for(std::chrono::milliseconds(50));
  std::this_thread::sleep_for(after);
  kill(pid, signal);
  Interrupted r;
  char buf[4096];
  for (ssize_t n; (n = read(pipe_fds[0], buf, sizeof buf)) > 0;) r.out.append(buf, static_cast<std::size_t>(n));
  close(pipe_fds[0]);
  int status = 0;
  waitpid(pid, &status, 0);
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

// A case whose func runs 900,000,000 loop trips (minutes for the HIR evaluator; within its
// default budget), then a second one.
const char* const kSlow = R"(tfir 1
func f(x: Tensor[(2,), f32]) -> Tensor[(2,), f32] {
    r = for i in range(0, 900000000, 1) carry (a = x) {
        c = add(a, x)
        yield (c)
    }
    return r
}
case "slow" {
    run f
    input x = Tensor[(2,), f32]{1, 2}
    expect output = reference
}
case "slow-too" {
    run f
    input x = Tensor[(2,), f32]{1, 2}
    expect output = reference
}
)";

TEST(CtrlC, ConformReportsTheInterruptedRunAndExitsTwo) {
  const std::string path = testing::TempDir() + "ctrl_c_slow.tfir";
  std::ofstream(path) << kSlow;
  const Interrupted r =
      interrupt({"conform", path, "--rules", std::string(TF_SOURCE_ROOT) + "/conformance/rules.tsv"}, std::chrono::milliseconds(500));
  EXPECT_EQ(r.exit_code, 2) << r.out;
  // Placed where the evaluation noticed it: the loop (3:5) or the add in its body (4:9).
  const std::string first = r.out.substr(0, r.out.find('\n'));
  EXPECT_EQ(first.rfind("FAIL slow: the evaluation failed: " + path + ":", 0), 0u) << r.out;
  EXPECT_NE(first.find(": error[eval]: interrupted (Ctrl-C)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("0 passed, 2 failed, 0 skipped"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("error[eval]: interrupted (Ctrl-C): the cases after it were not run to their end"), std::string::npos) << r.out;
}

TEST(CtrlC, ReduceSaysNothingWasReducedAndExitsTwo) {
  const std::string path = testing::TempDir() + "ctrl_c_reduce.tfir";
  std::ofstream(path) << kSlow;
  const Interrupted r = interrupt({"reduce", path, "-o", "-"}, std::chrono::milliseconds(500));
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_NE(r.out.find(path + ": interrupted (Ctrl-C): nothing reduced"), std::string::npos) << r.out;
}

// Adversarial pass 2, F5: Ctrl-C killed `tf fuzz` (exit 130, no summary, findings.jsonl empty,
// the emulation's folders left). The campaign stops, the case cut short is not counted, the
// summary is printed and the exit is 2.
TEST(CtrlC, FuzzPrintsItsSummaryAndExitsTwo) {
  const Interrupted r = interrupt({"fuzz", "--property", "hir-vs-tir", "--seed", "1", "--time", "60", "--no-progress"},
                                  std::chrono::milliseconds(1500));
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_NE(r.out.find("hir-vs-tir: "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find(" 0 failed)"), std::string::npos) << r.out;  // the interrupted case is no failure
  EXPECT_NE(r.out.find("tf fuzz: interrupted (Ctrl-C): the summary and findings above are what ran before it\n"),
            std::string::npos)
      << r.out;
}

// Adversarial pass 2, F6: SIGTERM (what `timeout` sends) during `tf run`'s compile killed tf and
// left its compile folders (62 MB of precompiled header each). It stops as Ctrl-C does: exit 2,
// and nothing is left in TMPDIR.
TEST(CtrlC, TerminatingARunLeavesNoFolder) {
  const std::string tmp = testing::TempDir() + "ctrl_c_term_tmp";
  std::filesystem::remove_all(tmp);
  std::filesystem::create_directories(tmp);
  const std::string path = testing::TempDir() + "ctrl_c_run.tfir";
  std::ofstream(path) << "tfir 1\nfunc f(x: Tensor[(4,), f32]) -> Tensor[(4,), f32] {\n    y = add(x, x)\n    return y\n}\n";
  const Interrupted r =
      interrupt({"run", path, "--input", "x=Tensor[(4,), f32]{1, 2, 3, 4}"}, std::chrono::milliseconds(300), SIGTERM, tmp);
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_NE(r.out.find("interrupted (Ctrl-C)"), std::string::npos) << r.out;
  EXPECT_TRUE(std::filesystem::is_empty(tmp)) << std::filesystem::directory_iterator(tmp)->path();
  std::filesystem::remove_all(tmp);
}

}  // namespace
