// The race detector (race_detector.h) against its definition: every access kept, none pruned. A
// read races with an earlier write it is not ordered after; a write with an earlier read or
// write it is not ordered after ("ordered after" is Accessor::ordered_after: program order, a
// CTA's vector clocks, the grid phase across CTAs). The detector keeps the last write, read runs
// and prunes lazily; on random programs of 32 threads in 4 CTAs that read one element far more
// often than they write it (so read sets grow, run, and are pruned), the first access found
// racing is the one the definition names, and so is the earlier access it names (a write first,
// as the detector checks).
#include <gtest/gtest.h>

#include <optional>
#include <random>
#include <vector>

#include "eval/tir/race_detector.h"

namespace tf::eval::tir {
namespace {

constexpr std::uint32_t kBlock = 8;
constexpr std::uint32_t kCtas = 4;
constexpr std::uint32_t kThreads = kBlock * kCtas;

// Each thread's vector clock over its CTA, and the grid phase.
struct Machine {
  std::vector<std::uint32_t> vc = std::vector<std::uint32_t>(kThreads * kBlock, 0);
  std::uint32_t phase = 0;
  Machine() {
    for (std::uint32_t t = 0; t < kThreads; ++t) vc[t * kBlock + t % kBlock] = 1;
  }
  Accessor of(std::uint32_t t, std::uint32_t site) const {
    Accessor a;
    a.thread = t;
    a.cta = t / kBlock;
    a.block = kBlock;
    a.clocks = vc.data() + t * kBlock;
    a.phase = phase;
    a.site = site;
    a.launch = 1;
    return a;
  }
  // A barrier over the threads of `cta` in `mask` (bit i: thread i of the CTA).
  void barrier(std::uint32_t cta, std::uint32_t mask) {
    std::vector<std::uint32_t> joined(kBlock, 0);
    for (std::uint32_t i = 0; i < kBlock; ++i)
      if (mask >> i & 1)
        for (std::uint32_t u = 0; u < kBlock; ++u) joined[u] = std::max(joined[u], vc[(cta * kBlock + i) * kBlock + u]);
    for (std::uint32_t i = 0; i < kBlock; ++i)
      if (mask >> i & 1) {
        std::copy(joined.begin(), joined.end(), vc.begin() + (cta * kBlock + i) * kBlock);
        ++vc[(cta * kBlock + i) * kBlock + i];
      }
  }
};

struct Access {
  Epoch epoch;
  bool writes;
};

// The definition: the earlier access `a`'s access races with (a write first), if any.
std::optional<RaceConflict> reference(const std::vector<Access>& history, const Accessor& a, bool writes) {
  for (const Access& h : history)
    if (h.writes && !a.ordered_after(h.epoch)) return RaceConflict{h.epoch, true};
  if (writes)
    for (const Access& h : history)
      if (!h.writes && !a.ordered_after(h.epoch)) return RaceConflict{h.epoch, false};
  return std::nullopt;
}

TEST(RaceDetector, LawTheFirstRaceIsTheDefinitionsWithReadRunsAndPruning) {
  std::mt19937 rng(20261207);
  int races = 0, programs = 0;
  for (int c = 0; c < 3000; ++c) {
    Buffer b(1, Space::Global, DType::f32(), 1, "x");
    Machine m;
    std::vector<Access> history;
    const int steps = 20 + static_cast<int>(rng() % 200);
    const std::uint32_t writes_in = 8 + rng() % 64;  // one access in this many writes
    for (int step = 0; step < steps; ++step) {
      const std::uint32_t roll = rng() % 16;
      if (roll == 0) {
        m.barrier(rng() % kCtas, rng() % 2 != 0 ? 0xffu : static_cast<std::uint32_t>(rng() % 256));
        continue;
      }
      if (roll == 1 && rng() % 4 == 0) {
        ++m.phase;  // the grid barrier: every CTA's earlier accesses happen before
        continue;
      }
      // Threads mostly in turn (runs), sometimes at random.
      const std::uint32_t t = rng() % 3 == 0 ? rng() % kThreads : static_cast<std::uint32_t>(step) % kThreads;
      const std::uint32_t site = rng() % 4 == 0 ? 1 + rng() % 2 : 1;
      const bool writes = rng() % writes_in == 0;
      const Accessor a = m.of(t, site);
      const std::optional<RaceConflict> expected = reference(history, a, writes);
      const std::optional<RaceConflict> found = writes ? record_write(b, 0, a) : record_read(b, 0, a);
      ASSERT_EQ(found.has_value(), expected.has_value()) << "program " << c << " step " << step;
      if (found) {
        EXPECT_EQ(found->earlier_writes, expected->earlier_writes) << "program " << c << " step " << step;
        if (found->earlier_writes) EXPECT_EQ(found->earlier.thread, expected->earlier.thread);
        ++races;
        break;
      }
      history.push_back({Epoch{t, a.own_clock(), m.phase, site}, writes});
    }
    ++programs;
  }
  // Both verdicts occur often: the law is not vacuous either way.
  EXPECT_GT(races, 300);
  EXPECT_LT(races, programs - 300);
}

}  // namespace
}  // namespace tf::eval::tir
