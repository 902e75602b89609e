// ShadowStore: the race state of every element of one buffer, kept per page of 64 elements.
//
// Design note. A thread's effect op touches runs of consecutive elements (a row of its tile), and
// after such an access every element of the run holds the same state (the same last write or
// read epoch). A page whose elements all hold one state keeps it once (a uniform page: 32 bytes
// for 64 elements); an access that covers part of a page, or finds it already split, expands the
// page into 64 element states. A write over a whole expanded page leaves one state again, and the
// page becomes uniform. So a kernel of run accesses checks each page once per access, and a
// kernel of scattered accesses pays one indirection over a flat array of element states.
// Verdicts are the same as per element: a uniform page is exactly 64 equal element states.
//
// A read set (a read promoted to several mutually unordered readers, race_detector.h) belongs to
// one state; expanding a uniform page gives each element its own copy of it, so later reads of
// single elements never change their neighbours' sets.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

namespace tf::eval::tir {

/// The epoch of one access (race_detector.h): thread, its clock, the grid phase, the site.
struct Epoch {
  static constexpr std::uint32_t kNone = 0xffffffffu;     ///< no access recorded
  static constexpr std::uint32_t kReadSet = 0xfffffffeu;  ///< `clock` indexes ShadowStore's read sets
  std::uint32_t thread = kNone;  ///< global thread id (cta * block + tid)
  std::uint32_t clock = 0;       ///< the thread's own clock at the access
  std::uint32_t phase = 0;       ///< the grid-barrier phase at the access
  std::uint32_t site = 0;        ///< index of the statement in the machine's site table

  friend bool operator==(const Epoch&, const Epoch&) = default;
};

/// Reads by the consecutive threads [first, last], each at its own clock `clock`, in grid phase
/// `phase`, at statement `site`: a CTA's threads reading one element in turn is one run.
struct ReadRun {
  std::uint32_t first = 0;
  std::uint32_t last = 0;
  std::uint32_t clock = 0;
  std::uint32_t phase = 0;
  std::uint32_t site = 0;

  friend bool operator==(const ReadRun&, const ReadRun&) = default;
};

/// A read set (race_detector.h): the reads a later write must follow, as runs. It may also hold
/// reads ordered before others, pruned only when the set grows (race_detector.cpp), which never
/// changes a verdict: a write ordered after a read is ordered after every read before it.
struct ReadSet {
  std::vector<ReadRun> runs;
  std::uint32_t compact_at = 16;  ///< the size at which the next read prunes the set

  /// Every read, one epoch per thread of each run, in run order.
  std::vector<Epoch> epochs() const;
};

/// The race state of one element.
struct ElementShadow {
  Epoch write;  ///< the last write
  Epoch read;   ///< the last read, or a read-set index (thread == kReadSet)

  friend bool operator==(const ElementShadow&, const ElementShadow&) = default;
};

/// The race state of `count` elements (design note).
class ShadowStore {
 public:
  static constexpr int kPageBits = 6;
  static constexpr std::int64_t kPage = std::int64_t{1} << kPageBits;

  /// Forgets every state: `count` elements, none accessed.
  void reset(std::int64_t count);
  bool empty() const { return pages_.empty(); }
  /// The number of pages holding 64 element states now (the rest hold one).
  std::size_t expanded_pages() const { return details_.size() / kPage - free_details_.size(); }

  /// The state of element i (its page expanded when uniform).
  ElementShadow& element(std::int64_t i);

  /// Applies `f(ElementShadow&, std::int64_t first_element)` to the states of elements
  /// [start, start + n): once to each uniform page the range covers whole, once per element
  /// elsewhere. Stops at the first call that returns true and returns that element (the first of
  /// the page for a uniform page); -1 when none did. `collapse` (for writes, which leave every
  /// element one state) makes each whole expanded page uniform again after f ran on all of it.
  template <typename F>
  std::int64_t for_range(std::int64_t start, std::int64_t n, bool collapse, F&& f);

  /// The read sets that ElementShadow::read indexes when promoted.
  std::vector<ReadSet>& read_sets() { return read_sets_; }

 private:
  static constexpr std::uint32_t kUniform = 0xffffffffu;
  struct Page {
    ElementShadow uniform;            ///< the state of every element while uniform
    std::uint32_t detail = kUniform;  ///< else the index of its 64 states in details_
  };

  ElementShadow* expand(Page& page);
  void make_uniform(Page& page);

  std::vector<Page> pages_;
  std::vector<ElementShadow> details_;      ///< kPage states per expanded page
  std::vector<std::uint32_t> free_details_;  ///< detail slots of pages uniform again
  std::vector<ReadSet> read_sets_;
};

inline ElementShadow& ShadowStore::element(std::int64_t i) {
  Page& page = pages_[static_cast<std::size_t>(i >> kPageBits)];
  ElementShadow* states = page.detail == kUniform ? expand(page) : details_.data() + std::size_t{page.detail} * kPage;
  return states[i & (kPage - 1)];
}

template <typename F>
std::int64_t ShadowStore::for_range(std::int64_t start, std::int64_t n, bool collapse, F&& f) {
  std::int64_t i = start;
  const std::int64_t end = start + n;
  while (i < end) {
    Page& page = pages_[static_cast<std::size_t>(i >> kPageBits)];
    const std::int64_t page_end = std::min(end, (i | (kPage - 1)) + 1);
    const bool whole = (i & (kPage - 1)) == 0 && page_end - i == kPage;
    if (whole && page.detail == kUniform) {
      if (f(page.uniform, i)) return i;
    } else {
      ElementShadow* states = page.detail == kUniform ? expand(page) : details_.data() + std::size_t{page.detail} * kPage;
      for (std::int64_t k = i; k < page_end; ++k)
        if (f(states[k & (kPage - 1)], k)) return k;
      if (whole && collapse) make_uniform(page);
    }
    i = page_end;
  }
  return -1;
}

}  // namespace tf::eval::tir
