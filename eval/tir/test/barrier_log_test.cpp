// BarrierLog (barrier_log.h): which completed barrier instance separates two threads of a CTA.
#include "eval/tir/barrier_log.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <numeric>
#include <vector>

namespace tf::eval::tir {
namespace {

std::vector<std::uint32_t> run(std::uint32_t first, std::uint32_t count) {
  std::vector<std::uint32_t> v(count);
  std::iota(v.begin(), v.end(), first);
  return v;
}

// Distinct sites: the log keeps the pointer only, never reads through it.
const tf::tir::Evaluate* site(std::uintptr_t k) { return reinterpret_cast<const tf::tir::Evaluate*>(k * 8); }

TEST(BarrierLog, TheNewestInstanceTakingOneOfTheTwoSeparatesThem) {
  BarrierLog log;
  EXPECT_EQ(separating_barrier(log, 3, 40), nullptr);  // nothing completed
  log.add(site(1), run(0, 32));   // warp 0
  log.add(site(2), run(32, 32));  // warp 1
  log.add(site(3), run(64, 32));  // warp 2: neither thread
  const BarrierPass* p = separating_barrier(log, 3, 40);
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(p->site, site(2));
  EXPECT_TRUE(p->took(40));
  EXPECT_FALSE(p->took(3));
  EXPECT_EQ(p->threads(), run(32, 32));
}

// Everything two racing threads did follows the newest barrier that took both of them, so an
// older partial one explains nothing.
TEST(BarrierLog, ABarrierTakingBothEndsTheSearch) {
  BarrierLog log;
  log.add(site(1), run(0, 32));
  log.add(site(2), run(0, 128));
  EXPECT_EQ(separating_barrier(log, 3, 40), nullptr);
  log.add(site(3), {40, 3, 7});  // not one run: kept as a list
  const BarrierPass* p = separating_barrier(log, 40, 5);
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(p->site, site(3));
  EXPECT_EQ(p->threads(), (std::vector<std::uint32_t>{3, 7, 40}));
  EXPECT_FALSE(p->took(5));
  EXPECT_EQ(separating_barrier(log, 3, 40), nullptr);  // site 3 took both
}

// The log keeps the newest kKept instances: an older one is forgotten, never misreported.
TEST(BarrierLog, ItKeepsTheNewestInstancesOnly) {
  BarrierLog log;
  log.add(site(1), run(0, 1));  // took thread 0 alone
  for (std::uintptr_t k = 0; k < BarrierLog::kKept; ++k) log.add(site(100 + k), run(2, 2));
  EXPECT_EQ(log.size(), BarrierLog::kKept);
  EXPECT_EQ(log.newest(0).site, site(100 + BarrierLog::kKept - 1));
  EXPECT_EQ(log.newest(BarrierLog::kKept - 1).site, site(100));
  EXPECT_EQ(separating_barrier(log, 0, 1), nullptr);
  ASSERT_NE(separating_barrier(log, 2, 1), nullptr);
}

}  // namespace
}  // namespace tf::eval::tir
