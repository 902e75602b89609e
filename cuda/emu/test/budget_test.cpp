// The emulation's budget (cuda/emu/emu.h, EmuBudget): steps counted at thread starts,
// barriers and loop trips, a stop request (Ctrl-C), memory reserved before it is allocated, the
// workspace, and the launches that are refused instead of run.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "cuda/emu/emu.h"

namespace tf::emu {
namespace {

// Installs `b` for one test and removes it after, whatever the test asserts.
struct Installed {
  explicit Installed(EmuBudget& b) { set_budget(&b); }
  ~Installed() { set_budget(nullptr); }
};

// 10^9 barrier trips in one thread (whose __syncthreads never waits): before the budget, this ran
// for ever; the barrier arrivals are steps.
TEST(EmuBudget, BarrierTripsSpendTheSteps) {
  EmuBudget b;
  b.max_steps = 1000;
  Installed installed(b);
  std::int64_t trips = 0;
  const EmuResult r = run(EmuLaunch{Dim3{1}, Dim3{1}}, [&] {
    for (std::int64_t i = 0; i < 1'000'000'000; ++i) {
      sync_block();
      ++trips;
    }
  });
  ASSERT_FALSE(r.ok);
  EXPECT_EQ(r.message,
            "CTA (0, 0, 0) thread (0, 0, 0): the step budget of 1000 steps is spent (--max-steps; the emulation counts thread starts "
            "and resumptions, barrier and warp-collective arrivals, and loop trips)");
  EXPECT_EQ(trips, 999);  // the start was the first step, the 999th arrival the 1000th
  EXPECT_EQ(b.launches, 1);
  EXPECT_EQ(b.failed_launch, 1);
}

// Two threads meeting at a barrier: the arrivals and the resumptions are steps.
TEST(EmuBudget, ResumptionsAtABarrierAreStepsToo) {
  EmuBudget b;
  b.max_steps = 100;
  Installed installed(b);
  const EmuResult r = run(EmuLaunch{Dim3{1}, Dim3{2}}, [&] {
    for (;;) sync_block();
  });
  ASSERT_FALSE(r.ok);
  EXPECT_NE(r.message.find("the step budget of 100 steps is spent"), std::string::npos) << r.message;
  EXPECT_EQ(b.steps, 101);
}

// A loop without a barrier is interruptible through loop_trip(), which emitted loops call.
TEST(EmuBudget, LoopTripsSpendTheSteps) {
  EmuBudget b;
  b.max_steps = 50;
  Installed installed(b);
  const EmuResult r = run(EmuLaunch{Dim3{1}, Dim3{4}}, [&] {
    for (;;) loop_trip();
  });
  ASSERT_FALSE(r.ok);
  EXPECT_EQ(r.message.rfind("CTA (0, 0, 0) thread (0, 0, 0): the step budget of 50 steps is spent", 0), 0u) << r.message;
}

// Ctrl-C: the stop flag is read before each launch and every 1,024 steps, and ends the launch.
TEST(EmuBudget, AStopRequestEndsTheLaunch) {
  EmuBudget b;
  int asked = 0;
  b.stop_requested = [&] { return ++asked >= 3; };
  Installed installed(b);
  const EmuResult r = run(EmuLaunch{Dim3{1}, Dim3{1}}, [&] {
    for (;;) loop_trip();
  });
  ASSERT_FALSE(r.ok);
  EXPECT_EQ(r.message, "interrupted (Ctrl-C)");
  EXPECT_EQ(asked, 3);  // at the launch, at step 1,024, at step 2,048
  EXPECT_EQ(b.steps, 2 * 1024);
  int ran = 0;
  const EmuResult next = run(EmuLaunch{Dim3{1}, Dim3{1}}, [&] { ++ran; });  // still asked to stop: not begun
  EXPECT_EQ(next.message, "interrupted (Ctrl-C)");
  EXPECT_EQ(ran, 0);
}

// Many CTAs of a launch without a barrier: the scheduler's thread starts are steps and read the
// stop flag too, so a grid of 2^31 - 1 CTAs stops as soon as it is asked to.
TEST(EmuBudget, ThreadStartsOfAHugeGridAreInterruptible) {
  EmuBudget b;
  int asked = 0;
  b.stop_requested = [&] { return ++asked > 1; };  // not yet when the launch begins
  Installed installed(b);
  std::int64_t ran = 0;
  const EmuResult r = run(EmuLaunch{Dim3{2147483647u}, Dim3{1}}, [&] { ++ran; });
  ASSERT_FALSE(r.ok);
  EXPECT_EQ(r.message, "interrupted (Ctrl-C)");
  EXPECT_EQ(ran, 1023);
}

// Memory is reserved with the budget before it is allocated: the workspace, then the arenas and
// the stacks of each scheduler; what is refused ends the launch with the budget's reason, and
// every grant is given back.
TEST(EmuBudget, MemoryIsReservedBeforeItIsAllocated) {
  EmuBudget b;
  std::int64_t live = 0;
  std::vector<std::string> asked;
  b.reserve = [&](std::int64_t bytes, const std::string& what) -> std::string {
    asked.push_back(what);
    if (live + bytes > (std::int64_t{1} << 30)) return what + ": over the test's budget";
    live += bytes;
    return {};
  };
  b.release = [&](std::int64_t bytes) { live -= bytes; };
  Installed installed(b);
  EmuLaunch big_workspace{Dim3{1}, Dim3{1}};
  big_workspace.workspace_bytes = std::size_t{4} << 30;  // the 4 GiB kernel allocation
  EmuResult r = run(big_workspace, [] {});
  ASSERT_FALSE(r.ok);
  EXPECT_EQ(r.message, "the launch's global workspace of 4294967296 bytes: over the test's budget");
  EmuLaunch big_stacks{Dim3{1}, Dim3{1024}};
  big_stacks.stack_bytes = std::size_t{10} << 20;  // 1,024 threads x 10 MB
  r = run(big_stacks, [] {});
  ASSERT_FALSE(r.ok);
  EXPECT_EQ(r.message, "the stacks of 1024 thread(s) of 10485760 bytes each: over the test's budget");
  EXPECT_EQ(live, 0);
  EmuLaunch fits{Dim3{2}, Dim3{32}};
  fits.workspace_bytes = 64;
  fits.shared_bytes = 256;
  ASSERT_TRUE(run(fits, [] {}).ok);
  EXPECT_EQ(live, 0);
  EXPECT_EQ(asked.back(), "the stacks of 32 thread(s) of 262144 bytes each");
}

// Without a budget, more than a process can address is reported, not thrown.
TEST(EmuBudget, AnAllocationTooLargeForTheHostIsReported) {
  EmuLaunch l{Dim3{1}, Dim3{1024}};
  l.stack_bytes = std::size_t{1} << 60;
  const EmuResult r = run(l, [] {});
  ASSERT_FALSE(r.ok);
  EXPECT_EQ(r.message.rfind("the stacks of 1024 thread(s) of 1152921504606846976 bytes each: 1024 x 11529215046068", 0), 0u) << r.message;
  EXPECT_TRUE(r.message.ends_with(" bytes is more than a process can address")) << r.message;
}

// The workspace is zeroed and shared by every CTA of the launch.
TEST(EmuBudget, TheWorkspaceIsSharedByTheLaunchAndZeroed) {
  EmuLaunch l{Dim3{3}, Dim3{2}};
  l.workspace_bytes = 64;
  std::vector<int> seen;
  const EmuResult r = run(l, [&] {
    auto* w = reinterpret_cast<int*>(workspace());
    if (thread_idx().x == 0) {
      seen.push_back(w[block_idx().x]);
      w[block_idx().x + 1] = static_cast<int>(block_idx().x) + 7;
    }
  });
  ASSERT_TRUE(r.ok) << r.message;
  EXPECT_EQ(seen, (std::vector<int>{0, 7, 8}));
}

// An empty grid or block is refused: it used to succeed without running anything (all-zero outputs).
TEST(EmuBudget, AnEmptyLaunchIsRefused) {
  int ran = 0;
  EmuResult r = run(EmuLaunch{Dim3{0}, Dim3{4}}, [&] { ++ran; });
  ASSERT_FALSE(r.ok);
  EXPECT_EQ(r.message, "an empty launch: a grid of 0 x 1 x 1 CTAs of 4 x 1 x 1 threads");
  r = run(EmuLaunch{Dim3{1}, Dim3{1, 0, 1}}, [&] { ++ran; });
  EXPECT_EQ(r.message, "an empty launch: a grid of 1 x 1 x 1 CTAs of 1 x 0 x 1 threads");
  EXPECT_EQ(ran, 0);
}

}  // namespace
}  // namespace tf::emu
