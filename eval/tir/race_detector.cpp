#include "eval/tir/race_detector.h"

#include <algorithm>

namespace tf::eval::tir {

bool Accessor::ordered_after(const Epoch& e) const {
  if (e.thread == thread) return true;
  if (e.thread / block == cta) return e.clock <= clocks[e.thread % block];
  return e.phase < phase;
}

namespace {

Epoch epoch_of(const Accessor& a) { return Epoch{a.thread, a.own_clock(), a.phase, a.site}; }

}  // namespace

namespace {

ReadRun run_of(const Epoch& e) { return ReadRun{e.thread, e.thread, e.clock, e.phase, e.site}; }

bool same_access(const ReadRun& r, const Epoch& e) { return r.clock == e.clock && r.phase == e.phase && r.site == e.site; }

// The first read of run `r` that `a` is not ordered after, if any, in thread order. Threads of
// other CTAs are ordered exactly when the run's phase is earlier; a's own CTA is checked thread
// by thread.
std::optional<Epoch> first_unordered(const ReadRun& r, const Accessor& a) {
  const std::uint32_t lo = a.cta * a.block, hi = lo + a.block;  // a's CTA: threads [lo, hi)
  auto at = [&r](std::uint32_t t) { return Epoch{t, r.clock, r.phase, r.site}; };
  const bool others_ordered = r.phase < a.phase;
  if (!others_ordered && r.first < lo) return at(r.first);
  for (std::uint32_t t = std::max(r.first, lo); t <= r.last && t < hi; ++t)
    if (!a.ordered_after(at(t))) return at(t);
  if (!others_ordered && r.last >= hi) return at(std::max(r.first, hi));
  return std::nullopt;
}

// Prunes `set` for the read of `a`: every read `a` is ordered after goes (a later write ordered
// after a's read is ordered after them too), and a thread keeps only its latest read; the rest
// are merged into runs again. The next pruning waits until the set has doubled.
void compact(ReadSet& set, const Accessor& a) {
  std::vector<Epoch> kept;
  for (const Epoch& e : set.epochs())
    if (!a.ordered_after(e)) kept.push_back(e);
  std::stable_sort(kept.begin(), kept.end(), [](const Epoch& x, const Epoch& y) { return x.thread < y.thread; });
  std::vector<Epoch> latest;  // program order: a thread's later read supersedes its earlier ones
  for (const Epoch& e : kept) {
    if (!latest.empty() && latest.back().thread == e.thread) latest.back() = e;
    else latest.push_back(e);
  }
  set.runs.clear();
  for (const Epoch& e : latest) {
    if (!set.runs.empty() && same_access(set.runs.back(), e) && set.runs.back().last + 1 == e.thread) ++set.runs.back().last;
    else set.runs.push_back(run_of(e));
  }
  set.compact_at = std::max<std::uint32_t>(16, 2 * static_cast<std::uint32_t>(set.runs.size()));
}

// Adds the read `me` of `a` to `set`: it extends the last run when it is that run's next thread
// at the same clock, phase and site, is already there when the last run holds it, and is a run
// of its own otherwise (after pruning a set grown to its limit).
void add_read(ReadSet& set, const Epoch& me, const Accessor& a) {
  if (!set.runs.empty()) {
    ReadRun& last = set.runs.back();
    if (same_access(last, me)) {
      if (me.thread >= last.first && me.thread <= last.last) return;
      if (me.thread == last.last + 1) {
        ++last.last;
        return;
      }
    }
  }
  if (set.runs.size() >= set.compact_at) compact(set, a);
  set.runs.push_back(run_of(me));
}

// The read rule on one element state (the header's design note).
std::optional<RaceConflict> read_state(ElementShadow& s, std::vector<ReadSet>& sets, const Accessor& a) {
  if (s.write.thread != Epoch::kNone && !a.ordered_after(s.write))
    return RaceConflict{s.write, true};
  const Epoch me = epoch_of(a);
  if (s.read.thread == Epoch::kNone || s.read.thread == a.thread ||
      (s.read.thread != Epoch::kReadSet && a.ordered_after(s.read))) {
    s.read = me;
    return std::nullopt;
  }
  if (s.read.thread == Epoch::kReadSet) {
    add_read(sets[s.read.clock], me, a);
    return std::nullopt;
  }
  ReadSet set;
  set.runs.push_back(run_of(s.read));
  add_read(set, me, a);
  sets.push_back(std::move(set));
  s.read = Epoch{Epoch::kReadSet, static_cast<std::uint32_t>(sets.size() - 1), 0, 0};
  return std::nullopt;
}

// The write rule on one element state.
std::optional<RaceConflict> write_state(ElementShadow& s, const std::vector<ReadSet>& sets, const Accessor& a) {
  if (s.write.thread != Epoch::kNone && !a.ordered_after(s.write))
    return RaceConflict{s.write, true};
  if (s.read.thread == Epoch::kReadSet) {
    for (const ReadRun& r : sets[s.read.clock].runs)
      if (std::optional<Epoch> e = first_unordered(r, a)) return RaceConflict{*e, false};
  } else if (s.read.thread != Epoch::kNone && !a.ordered_after(s.read)) {
    return RaceConflict{s.read, false};
  }
  s.write = epoch_of(a);
  s.read = Epoch{};
  return std::nullopt;
}

}  // namespace

std::optional<RaceConflict> record_read(Buffer& buffer, std::int64_t i, const Accessor& a) {
  ShadowStore& store = buffer.shadow(a.launch);
  return read_state(store.element(i), store.read_sets(), a);
}

std::optional<RaceConflict> record_write(Buffer& buffer, std::int64_t i, const Accessor& a) {
  ShadowStore& store = buffer.shadow(a.launch);
  return write_state(store.element(i), store.read_sets(), a);
}

namespace {

// Applies the read (writes false) or write rule to each element of [start, start + n) in order
// (ShadowStore::for_range: once per uniform page); the first race.
std::optional<RunConflict> record_run(Buffer& buffer, std::int64_t start, std::int64_t n, const Accessor& a,
                                      bool writes) {
  ShadowStore& store = buffer.shadow(a.launch);
  std::optional<RaceConflict> found;
  const std::int64_t at = store.for_range(start, n, /*collapse=*/writes, [&](ElementShadow& s, std::int64_t) {
    found = writes ? write_state(s, store.read_sets(), a) : read_state(s, store.read_sets(), a);
    return found.has_value();
  });
  if (!found) return std::nullopt;
  return RunConflict{at, *found};
}

}  // namespace

std::optional<RunConflict> record_read_run(Buffer& buffer, std::int64_t start, std::int64_t n, const Accessor& a) {
  return record_run(buffer, start, n, a, false);
}

std::optional<RunConflict> record_write_run(Buffer& buffer, std::int64_t start, std::int64_t n, const Accessor& a) {
  return record_run(buffer, start, n, a, true);
}

}  // namespace tf::eval::tir
