// The paged race shadow (shadow_store.h) gives the verdicts of a flat per-element shadow: random
// runs of reads and writes by threads that synchronize at random, recorded once as runs (uniform
// pages, expansion, read-set copies, collapse) and once element by element.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "eval/tir/race_detector.h"

namespace tf::eval::tir {
namespace {

constexpr std::uint32_t kThreads = 4;

struct Clocks {
  std::vector<std::uint32_t> vc = std::vector<std::uint32_t>(kThreads * kThreads, 0);
  Clocks() {
    for (std::uint32_t t = 0; t < kThreads; ++t) vc[t * kThreads + t] = 1;
  }
  Accessor of(std::uint32_t t, std::uint32_t site) const {
    Accessor a;
    a.thread = t;
    a.block = kThreads;
    a.clocks = vc.data() + t * kThreads;
    a.site = site;
    a.launch = 1;
    return a;
  }
  // A barrier over threads p and q (race_detector.h's join).
  void join(std::uint32_t p, std::uint32_t q) {
    for (std::uint32_t u = 0; u < kThreads; ++u) {
      const std::uint32_t m = std::max(vc[p * kThreads + u], vc[q * kThreads + u]);
      vc[p * kThreads + u] = vc[q * kThreads + u] = m;
    }
    ++vc[p * kThreads + p];
    ++vc[q * kThreads + q];
  }
};

// The state of element i as a value: the read set's contents instead of its index.
std::pair<Epoch, std::vector<std::uint32_t>> state_of(Buffer& b, std::int64_t i) {
  ShadowStore& s = b.shadow(1);
  const ElementShadow e = s.element(i);
  std::vector<std::uint32_t> readers;
  if (e.read.thread == Epoch::kReadSet) {
    for (const Epoch& r : s.read_sets()[e.read.clock].epochs()) readers.push_back(r.thread * 1000 + r.clock);
    std::sort(readers.begin(), readers.end());
  } else if (e.read.thread != Epoch::kNone) {
    readers.push_back(e.read.thread * 1000 + e.read.clock);
  }
  return {e.write, readers};
}

TEST(ShadowStore, LawRunsGiveTheVerdictsOfSingleElements) {
  std::mt19937 rng(20261202);
  int races = 0;
  for (int c = 0; c < 2000; ++c) {
    const std::int64_t count = 1 + static_cast<std::int64_t>(rng() % 300);  // partial last pages too
    Buffer runs(1, Space::Shared, DType::f32(), count, "runs"), single(2, Space::Shared, DType::f32(), count, "single");
    Clocks clocks;
    for (std::uint32_t step = 0; step < 40; ++step) {
      if (rng() % 4 == 0) {
        clocks.join(rng() % kThreads, rng() % kThreads);
        continue;
      }
      const std::uint32_t t = rng() % kThreads;
      const bool writes = rng() % 3 == 0;
      // Mostly page-aligned whole pages (the uniform path), sometimes any run.
      std::int64_t start = static_cast<std::int64_t>(rng() % static_cast<std::uint32_t>(count));
      if (rng() % 2 == 0) start &= ~(ShadowStore::kPage - 1);
      const std::int64_t n = 1 + static_cast<std::int64_t>(rng() % static_cast<std::uint32_t>(count - start));
      const Accessor a = clocks.of(t, step);
      const std::optional<RunConflict> got = writes ? record_write_run(runs, start, n, a) : record_read_run(runs, start, n, a);
      std::optional<RunConflict> want;
      for (std::int64_t i = start; i < start + n && !want; ++i) {
        std::optional<RaceConflict> r = writes ? record_write(single, i, a) : record_read(single, i, a);
        if (r) want = RunConflict{i, *r};
      }
      ASSERT_EQ(got.has_value(), want.has_value()) << "case " << c << " step " << step;
      if (got) {
        EXPECT_EQ(got->element, want->element) << "case " << c;
        EXPECT_EQ(got->conflict.earlier, want->conflict.earlier) << "case " << c;
        EXPECT_EQ(got->conflict.earlier_writes, want->conflict.earlier_writes) << "case " << c;
        ++races;
        break;
      }
    }
    for (std::int64_t i = 0; i < count; ++i) ASSERT_EQ(state_of(runs, i), state_of(single, i)) << "case " << c << " element " << i;
  }
  EXPECT_GT(races, 500);  // the law saw races, not only race-free sequences
}

TEST(ShadowStore, WholePageRunsKeepOneStatePerPage) {
  Buffer b(1, Space::Shared, DType::f32(), 256, "s");
  Clocks clocks;
  EXPECT_FALSE(record_write_run(b, 0, 128, clocks.of(0, 0)));
  EXPECT_EQ(b.shadow(1).expanded_pages(), 0u);
  EXPECT_FALSE(record_read_run(b, 10, 5, clocks.of(0, 1)));  // part of page 0
  EXPECT_EQ(b.shadow(1).expanded_pages(), 1u);
  clocks.join(0, 1);
  EXPECT_FALSE(record_write_run(b, 0, 128, clocks.of(1, 2)));  // pages 0 and 1 whole: uniform again
  EXPECT_EQ(b.shadow(1).expanded_pages(), 0u);
  // Two unordered readers of a whole page share one read set; a single element read by a third
  // thread splits the page and leaves its neighbours' sets alone.
  EXPECT_FALSE(record_read_run(b, 128, 64, clocks.of(2, 3)));
  EXPECT_FALSE(record_read_run(b, 128, 64, clocks.of(3, 4)));
  clocks.join(0, 2);
  EXPECT_FALSE(record_read(b, 130, clocks.of(0, 5)));
  std::optional<RaceConflict> r = record_write(b, 131, clocks.of(0, 6));  // ordered after 2, not 3
  ASSERT_TRUE(r.has_value());
  EXPECT_EQ(r->earlier.thread, 3u);
  EXPECT_FALSE(r->earlier_writes);
  EXPECT_EQ(state_of(b, 129).second.size(), 2u);
  // Thread 2's read stays beside thread 0's until the set is pruned (it is ordered before thread
  // 0's, so no write's verdict depends on it).
  EXPECT_EQ(state_of(b, 130).second.size(), 3u);
}

}  // namespace
}  // namespace tf::eval::tir
