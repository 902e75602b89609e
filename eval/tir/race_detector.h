// Happens-before race detection over barrier intervals (docs/tir-semantics.md, "Races").
//
// Design note. Two accesses to one element by different threads conflict when one writes; they
// race unless one happens before the other. Happens-before is built only from synchronization,
// never from the order the scheduler happened to run threads in, so the verdict is the same
// under every schedule (FastTrack, Flanagan and Freund, PLDI 2009):
//  - within a CTA, every thread t holds a vector clock VC_t over the CTA's threads; a barrier
//    over participants P sets VC_u = max over P, then increments u's own entry, for u in P;
//    an access of thread u at clock k happens before thread t iff k <= VC_t[u];
//  - across CTAs only the grid barrier orders: it advances the grid phase, and an access of
//    another CTA happens before t iff its phase is earlier than t's;
//  - a launch orders everything before it (Buffer resets its state per launch);
//  - program order orders a thread's own accesses.
// Per element the detector keeps the last write (an epoch) and the last read, promoted to a set
// of mutually unordered reads when two reads are concurrent, so a write is checked against every
// read it must follow (a single last reader misses write-after-read). A set holds runs of
// consecutive threads that read at one clock, phase and statement (shadow_store.h ReadRun), so
// every thread of a grid reading a shared weight in turn is one run of 20 bytes, and a read
// extends the last run in O(1); reads ordered before others are pruned only when the set has
// doubled since the last pruning, which keeps a read O(1) amortized. A write checks each run:
// O(1) for the threads of other CTAs (the grid phase orders them all or none), thread by thread
// in its own CTA.
#pragma once

#include <cstdint>
#include <optional>

#include "eval/tir/device_buffer.h"

namespace tf::eval::tir {

/// Who accesses, and what they know (their clock vector).
struct Accessor {
  std::uint32_t thread = 0;             ///< global thread id cta * block + tid
  std::uint32_t cta = 0;                ///< the thread's CTA
  std::uint32_t block = 1;              ///< threads per CTA
  const std::uint32_t* clocks = nullptr;  ///< VC of the thread: `block` entries
  std::uint32_t phase = 0;              ///< the current grid phase
  std::uint32_t site = 0;               ///< the statement (machine site table index)
  std::uint64_t launch = 0;             ///< the current launch

  /// The thread's own clock.
  std::uint32_t own_clock() const { return clocks[thread % block]; }
  /// True when the access `e` happens before this thread's next access.
  bool ordered_after(const Epoch& e) const;
};

/// An unordered earlier access found by a check.
struct RaceConflict {
  Epoch earlier;        ///< the other access
  bool earlier_writes;  ///< the other access was a write
};

/// Records a read of element i of `buffer` (gmem or smem); the unordered write it races with.
std::optional<RaceConflict> record_read(Buffer& buffer, std::int64_t i, const Accessor& a);
/// Records a write; the first unordered write or read it races with.
std::optional<RaceConflict> record_write(Buffer& buffer, std::int64_t i, const Accessor& a);

/// A race found in a run of elements: the element and the earlier access.
struct RunConflict {
  std::int64_t element;
  RaceConflict conflict;
};

/// Records reads of elements [start, start + n) in order; the first race, if any (the elements
/// before it recorded, as element by element).
std::optional<RunConflict> record_read_run(Buffer& buffer, std::int64_t start, std::int64_t n, const Accessor& a);
/// Records writes of elements [start, start + n) in order; the first race, if any.
std::optional<RunConflict> record_write_run(Buffer& buffer, std::int64_t start, std::int64_t n, const Accessor& a);

}  // namespace tf::eval::tir
