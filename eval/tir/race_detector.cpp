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

// The read rule on one element state (the header's design note).
std::optional<RaceConflict> read_state(ElementShadow& s, std::vector<std::vector<Epoch>>& sets, const Accessor& a) {
  if (s.write.thread != Epoch::kNone && !a.ordered_after(s.write))
    return RaceConflict{s.write, true};
  const Epoch me = epoch_of(a);
  if (s.read.thread == Epoch::kNone || s.read.thread == a.thread ||
      (s.read.thread != Epoch::kReadSet && a.ordered_after(s.read))) {
    s.read = me;
    return std::nullopt;
  }
  if (s.read.thread == Epoch::kReadSet) {
    std::vector<Epoch>& set = sets[s.read.clock];
    std::erase_if(set, [&](const Epoch& e) { return a.ordered_after(e); });
    set.push_back(me);
    return std::nullopt;
  }
  sets.push_back({s.read, me});
  s.read = Epoch{Epoch::kReadSet, static_cast<std::uint32_t>(sets.size() - 1), 0, 0};
  return std::nullopt;
}

// The write rule on one element state.
std::optional<RaceConflict> write_state(ElementShadow& s, const std::vector<std::vector<Epoch>>& sets,
                                        const Accessor& a) {
  if (s.write.thread != Epoch::kNone && !a.ordered_after(s.write))
    return RaceConflict{s.write, true};
  if (s.read.thread == Epoch::kReadSet) {
    for (const Epoch& e : sets[s.read.clock])
      if (!a.ordered_after(e)) return RaceConflict{e, false};
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
