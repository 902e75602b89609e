// The fiber emulation of the device primitives (cuda/emu/emu.h): ids, barriers that order what
// they must, warp collectives, the grid barrier, and the failures a launch reports instead of
// hanging (deadlock, trap, misuse).
#include "cuda/emu/emu.h"

#include <gtest/gtest.h>

#include <set>
#include <utility>
#include <vector>

namespace tf::emu {
namespace {

unsigned linear_tid() {
  const Dim3 t = thread_idx(), b = block_dim();
  return t.x + b.x * (t.y + b.y * t.z);
}

TEST(Emu, EveryThreadRunsOnceWithItsIds) {
  std::set<std::pair<unsigned, unsigned>> seen;
  std::vector<std::pair<unsigned, unsigned>> order;
  const EmuResult r = run(EmuLaunch{Dim3{3}, Dim3{5}}, [&] {
    seen.insert({block_idx().x, thread_idx().x});
    order.push_back({block_idx().x, thread_idx().x});
    EXPECT_EQ(block_dim().x, 5u);
    EXPECT_EQ(grid_dim().x, 3u);
  });
  ASSERT_TRUE(r.ok) << r.message;
  EXPECT_EQ(seen.size(), 15u);
  // Deterministic: CTA by CTA, threads in order.
  for (unsigned i = 0; i < 15; ++i) EXPECT_EQ(order[i], std::make_pair(i / 5, i % 5));
}

TEST(Emu, MultiDimensionalBlocksCountLanesLinearly) {
  std::vector<unsigned> lanes;
  const EmuResult r = run(EmuLaunch{Dim3{1}, Dim3{8, 4, 2}}, [&] {
    if (linear_tid() == 37) lanes.push_back(lane_id());
    const Dim3 t = thread_idx();
    EXPECT_LT(t.x, 8u);
    EXPECT_LT(t.y, 4u);
    EXPECT_LT(t.z, 2u);
  });
  ASSERT_TRUE(r.ok) << r.message;
  EXPECT_EQ(lanes, std::vector<unsigned>{5});
}

// Each thread writes its slot, then reads its neighbour's. The round-robin order runs thread 0
// to the end before thread 1 starts, so without the barrier thread 0 reads -1: the barrier is
// what orders the write before the read.
TEST(Emu, SyncThreadsOrdersWritesBeforeReads) {
  for (const bool with_barrier : {true, false}) {
    std::vector<int> shared(64, -1), read(64, -2);
    const EmuResult r = run(EmuLaunch{Dim3{1}, Dim3{64}}, [&] {
      const unsigned t = thread_idx().x;
      shared[t] = static_cast<int>(t) * 10;
      if (with_barrier) sync_block();
      read[t] = shared[(t + 1) % 64];
    });
    ASSERT_TRUE(r.ok) << r.message;
    if (with_barrier) {
      for (unsigned t = 0; t < 64; ++t) EXPECT_EQ(read[t], static_cast<int>((t + 1) % 64) * 10) << t;
    } else {
      EXPECT_EQ(read[0], -1);
    }
  }
}

TEST(Emu, AThreadThatExitedCountsAsArrivedAtSyncThreads) {
  int after = 0;
  const EmuResult r = run(EmuLaunch{Dim3{1}, Dim3{8}}, [&] {
    if (thread_idx().x % 2 == 1) return;
    sync_block();
    ++after;
  });
  ASSERT_TRUE(r.ok) << r.message;
  EXPECT_EQ(after, 4);
}

TEST(Emu, ADeadlockIsReportedWithTheWaitingThreads) {
  const EmuResult r = run(EmuLaunch{Dim3{1}, Dim3{4}}, [&] {
    if (thread_idx().x == 0) bar_sync(1, 2);  // nobody else comes
    else sync_block();                      // thread 0 never comes
  });
  ASSERT_FALSE(r.ok);
  EXPECT_EQ(r.message,
            "deadlock: 4 thread(s) wait and none can complete its barrier:\n"
            "  CTA (0, 0, 0) thread (0, 0, 0) waits at bar.sync 1, 2\n"
            "  CTA (0, 0, 0) thread (1, 0, 0) waits at __syncthreads()\n"
            "  CTA (0, 0, 0) thread (2, 0, 0) waits at __syncthreads()\n"
            "  CTA (0, 0, 0) thread (3, 0, 0) waits at __syncthreads()");
}

TEST(Emu, NamedBarriersCompleteAtTheirCount) {
  // Two groups of 64 in a block of 128, each on its own id: each group's reads see its own
  // writes without waiting for the other group.
  std::vector<int> data(128, -1), read(128, -2);
  const EmuResult r = run(EmuLaunch{Dim3{1}, Dim3{128}}, [&] {
    const unsigned t = thread_idx().x, group = t / 64;
    data[t] = static_cast<int>(t);
    bar_sync(1 + static_cast<int>(group), 64);
    read[t] = data[group * 64 + (t + 1) % 64];
  });
  ASSERT_TRUE(r.ok) << r.message;
  for (unsigned t = 0; t < 128; ++t) EXPECT_EQ(read[t], static_cast<int>(t / 64 * 64 + (t + 1) % 64)) << t;
}

TEST(Emu, ButterflyShufflesSumEachWarp) {
  std::vector<int> sums(80, 0);
  const EmuResult r = run(EmuLaunch{Dim3{1}, Dim3{64}}, [&] {
    int v = static_cast<int>(thread_idx().x);
    for (int offset = 16; offset > 0; offset /= 2) v += shfl_xor_sync(0xffffffffu, v, offset);
    sums[thread_idx().x] = v;
  });
  ASSERT_TRUE(r.ok) << r.message;
  for (unsigned t = 0; t < 32; ++t) EXPECT_EQ(sums[t], 496) << t;          // 0 + ... + 31
  for (unsigned t = 32; t < 64; ++t) EXPECT_EQ(sums[t], 32 * 32 + 496) << t;  // 32 + ... + 63
}

TEST(Emu, ShuffleMovesDoublesAndBallotsCollectPredicates) {
  std::vector<double> got(32);
  std::vector<unsigned> ballots(32);
  std::vector<int> all(32), any(32);
  const EmuResult r = run(EmuLaunch{Dim3{1}, Dim3{32}}, [&] {
    const unsigned l = lane_id();
    got[l] = shfl_sync(0xffffffffu, 0.5 + l, static_cast<int>((l + 3) % 32));
    ballots[l] = vote_ballot(0xffffffffu, l % 3 == 0);
    all[l] = vote_all(l < 16 ? 0x0000ffffu : 0xffff0000u, l < 40);
    any[l] = vote_any(0xffffffffu, l == 31);
  });
  ASSERT_TRUE(r.ok) << r.message;
  unsigned want = 0;
  for (unsigned l = 0; l < 32; l += 3) want |= 1u << l;
  for (unsigned l = 0; l < 32; ++l) {
    EXPECT_EQ(got[l], 0.5 + (l + 3) % 32);
    EXPECT_EQ(ballots[l], want);
    EXPECT_EQ(all[l], 1);
    EXPECT_EQ(any[l], 1);
  }
}

TEST(Emu, TheGridBarrierOrdersAcrossCtas) {
  std::vector<int> data(32, -1), read(32, -2);
  const EmuResult r = run(EmuLaunch{Dim3{4}, Dim3{8}, /*cooperative=*/true}, [&] {
    const unsigned g = block_idx().x * 8 + thread_idx().x;
    data[g] = static_cast<int>(g);
    grid_sync();
    read[g] = data[(g + 8) % 32];  // another CTA's element
  });
  ASSERT_TRUE(r.ok) << r.message;
  for (unsigned g = 0; g < 32; ++g) EXPECT_EQ(read[g], static_cast<int>((g + 8) % 32)) << g;
}

TEST(Emu, FailuresNameTheThreadAndEndTheLaunch) {
  int ran_after = 0;
  EmuResult r = run(EmuLaunch{Dim3{2}, Dim3{4}}, [&] {
    if (block_idx().x == 1 && thread_idx().x == 3) trap("an Abort statement");
    sync_block();
    ++ran_after;
  });
  ASSERT_FALSE(r.ok);
  EXPECT_EQ(r.message, "CTA (1, 0, 0) thread (3, 0, 0) trapped: an Abort statement");
  EXPECT_EQ(ran_after, 4);  // CTA 0 finished; CTA 1's threads never passed its barrier

  r = run(EmuLaunch{Dim3{1}, Dim3{4}}, [&] { grid_sync(); });
  EXPECT_EQ(r.message, "CTA (0, 0, 0) thread (0, 0, 0): grid_sync in a launch that is not cooperative");
  r = run(EmuLaunch{Dim3{1}, Dim3{32}}, [&] { sync_warp(0x1u); });
  EXPECT_EQ(r.message, "CTA (0, 0, 0) thread (1, 0, 0) calls a warp primitive with mask 0x00000001, which does not name its lane 1");
  r = run(EmuLaunch{Dim3{1}, Dim3{16}}, [&] { sync_warp(0xffffffffu); });
  EXPECT_EQ(r.message, "CTA (0, 0, 0) thread (0, 0, 0): the warp mask 0xffffffff names lane 16, which does not exist");
  r = run(EmuLaunch{Dim3{1}, Dim3{8}}, [&] { bar_sync(3, thread_idx().x == 0 ? 4 : 8); });
  EXPECT_EQ(r.message, "CTA (0, 0, 0) thread (1, 0, 0) arrives at bar.sync 3 with count 8 while 1 thread(s) wait there with count 4");
  r = run(EmuLaunch{Dim3{1}, Dim3{1025}}, [&] {});
  EXPECT_EQ(r.message, "a block of 1025 threads; CUDA allows at most 1,024");
}

}  // namespace
}  // namespace tf::emu
