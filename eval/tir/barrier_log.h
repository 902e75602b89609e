// BarrierLog: the newest barrier instances a CTA completed, kept for the race report alone
// (docs/tir-semantics.md, "What a report names").
//
// Design note. A race between two threads of a CTA that a barrier would have ordered had it
// taken both (a named barrier, a warp sync, a Sync over part of the block) is explained by
// naming that barrier. Every clock join (race_detector.h) appends one entry per CTA it joins, so
// the log costs one append per barrier instance and nothing per access; it keeps the newest
// kKept instances, and only a race report searches it. Which instance explains a race needs no
// clocks: a completed barrier that took both threads orders everything either did before it
// before everything either does after it, so two accesses that race both come after the newest
// such barrier (in each thread's program order), and a barrier completed after that one which
// took exactly one of the two stands between them for the thread it took.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace tf::tir {
struct Evaluate;
}

namespace tf::eval::tir {

/// One completed barrier instance: its site and the threads of the block it took.
struct BarrierPass {
  const tf::tir::Evaluate* site = nullptr;  ///< the Sync, or the collective whose internal barrier joined
  std::uint32_t first = 0, count = 0;       ///< it took the block's threads [first, first + count) ...
  std::vector<std::uint32_t> listed;        ///< ... or these, ascending, when they are not one run

  /// True when it took the block's thread `tid`.
  bool took(std::uint32_t tid) const;
  /// The block indices of the threads it took, ascending.
  std::vector<std::uint32_t> threads() const;
};

/// The newest barrier instances of one CTA (design note).
class BarrierLog {
 public:
  static constexpr std::size_t kKept = 32;

  /// Appends an instance at `site` that took the block's threads `tids` (distinct, any order),
  /// forgetting the oldest beyond kKept.
  void add(const tf::tir::Evaluate* site, std::vector<std::uint32_t> tids);
  /// How many instances are kept.
  std::size_t size() const { return ring_.size(); }
  /// The k-th newest kept instance (0: the newest). Precondition: k < size().
  const BarrierPass& newest(std::size_t k) const { return ring_[(added_ - 1 - k) % kKept]; }

 private:
  std::vector<BarrierPass> ring_;
  std::size_t added_ = 0;
};

/// The newest kept instance that took exactly one of the block's threads `a` and `b` and
/// completed after the newest one that took both (design note); null when there is none.
const BarrierPass* separating_barrier(const BarrierLog& log, std::uint32_t a, std::uint32_t b);

}  // namespace tf::eval::tir
