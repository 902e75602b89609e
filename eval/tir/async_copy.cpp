// cp.async (seed 002 section 2.3, "Async copy Ops"; docs/tir-semantics.md, "cp.async"):
// CopyAsync queues the element copies of the executing thread into its open group and tags their
// destination (and source) elements; CpAsyncCommit closes the group (possibly empty); a
// CpAsyncWait(n) retires every committed group but the n most recent, in order, performing their
// copies then: the latest point a GPU may perform them, so a read before the wait sees the old
// data on no machine we model. Touching a tagged destination before its wait, writing a tagged
// source, two copies of one group to one element and a group never waited for are undefined.
// The retiring wait orders the copy for the issuing thread only; other threads need a barrier.
#include <fmt/format.h>

#include "eval/tir/thread_runner.h"

namespace tf::eval::tir {

Fault ThreadRunner::check_async_read(Buffer& b, std::int64_t offset, bool writes, std::uint32_t site) {
  auto it = b.async_tags().find(offset);
  if (it == b.async_tags().end()) return std::nullopt;
  const AsyncTag& tag = it->second;
  if (tag.source && !writes) return std::nullopt;
  const std::int64_t block = g_.block;
  ThreadPos issuer{tag.thread / block, tag.thread % block, g_.grid, g_.block};
  return ub_diagnostic(UbKind::CpAsyncUnwaited,
                       fmt::format("{} {} {} `{}` element {}, {} of a cp.async that {} issued and has not waited for",
                                   thread_name(t_.pos), writes ? "writes" : "reads", space_name(b.space()), b.name(),
                                   offset, tag.source ? "the source" : "the destination", thread_name(issuer)),
                       m_.site_location(site), m_.site_location(tag.site), "the cp.async was issued here");
}

Fault ThreadRunner::copy_async(const Call& c, std::uint32_t site) {
  Result<ViewRef> src = operand_view(c.args[0]), dst = operand_view(c.args[1]);
  if (!src.ok()) return src.diagnostics().front();
  if (!dst.ok()) return dst.diagnostics().front();
  const View& s = **src;
  const View& d = **dst;
  Result<std::optional<ElementList>> e = copied_elements(s, d);
  if (!e.ok()) return e.diagnostics().front();
  if (!*e) return std::nullopt;
  const ElementList& from = **e;
  const ElementList& to = from;
  AsyncCopy copy{s.buffer, d.buffer, {}, {}, site};
  const std::uint64_t group = t_.groups_committed;
  for (std::size_t k = 0; k < from.size(); ++k) {
    Result<std::int64_t> so = locate(s, from[k], false);
    if (!so.ok()) return so.diagnostics().front();
    Result<std::int64_t> dof = locate(d, to[k], true);
    if (!dof.ok()) return dof.diagnostics().front();
    if (Fault f = check_async_read(*d.buffer, *dof, true, site)) {
      auto& tag = d.buffer->async_tags().at(*dof);
      if (!tag.source && tag.thread == t_.gid && tag.group == group)
        return ub_diagnostic(UbKind::CpAsyncOverlap,
                             fmt::format("two cp.async of one group by {} write {} `{}` element {}", thread_name(t_.pos),
                                         space_name(d.buffer->space()), d.buffer->name(), *dof),
                             m_.site_location(site), m_.site_location(tag.site), "the other copy");
      return f;
    }
    if (Fault f = check_async_read(*s.buffer, *so, false, site)) return f;
    copy.src_offsets.push_back(*so);
    copy.dst_offsets.push_back(*dof);
  }
  for (std::size_t k = 0; k < copy.dst_offsets.size(); ++k) {
    d.buffer->async_tags()[copy.dst_offsets[k]] = AsyncTag{t_.gid, group, site, false};
    s.buffer->async_tags().try_emplace(copy.src_offsets[k], AsyncTag{t_.gid, group, site, true});
  }
  t_.open_group.push_back(std::move(copy));
  return std::nullopt;
}

Fault ThreadRunner::commit_group() {
  t_.committed.push_back(std::move(t_.open_group));
  t_.open_group.clear();
  ++t_.groups_committed;
  return std::nullopt;
}

Fault ThreadRunner::wait_group(std::int64_t n) {
  if (m_.options().trace && !m_.options().trace_summary && static_cast<std::int64_t>(t_.committed.size()) > n)
    m_.note(fmt::format("{}  {} waits for {} cp.async group{} ({} stay in flight)", m_.location_of(current_).str(),
                        thread_name(t_.pos), t_.committed.size() - static_cast<std::size_t>(n),
                        t_.committed.size() - static_cast<std::size_t>(n) == 1 ? "" : "s", n));
  while (static_cast<std::int64_t>(t_.committed.size()) > n) {
    std::vector<AsyncCopy> group = std::move(t_.committed.front());
    t_.committed.erase(t_.committed.begin());
    for (const AsyncCopy& copy : group) {
      for (std::size_t k = 0; k < copy.dst_offsets.size(); ++k) {
        copy.dst->async_tags().erase(copy.dst_offsets[k]);
        copy.src->async_tags().erase(copy.src_offsets[k]);
      }
    }
    const Accessor a = accessor();
    for (const AsyncCopy& copy : group) {
      View sv{copy.src->name(), copy.src->dtype(), {copy.src->count()}, copy.src->count(), copy.src, nullptr, nullptr};
      View dv{copy.dst->name(), copy.dst->dtype(), {copy.dst->count()}, copy.dst->count(), copy.dst, nullptr, nullptr};
      for (std::size_t k = 0; k < copy.dst_offsets.size(); ++k) {
        const std::int64_t so = copy.src_offsets[k], dof = copy.dst_offsets[k];
        if (m_.options().check_races && copy.src->shared())
          if (std::optional<RaceConflict> r = record_read(*copy.src, so, a)) return race_report(sv, so, *r, false);
        if (m_.options().check_races && copy.dst->shared())
          if (std::optional<RaceConflict> r = record_write(*copy.dst, dof, a)) return race_report(dv, dof, *r, true);
        copy.dst->data().set_code(dof, copy.src->data().code(so));
        copy.dst->set_initialized(dof, copy.src->initialized(so));
      }
    }
  }
  return std::nullopt;
}

}  // namespace tf::eval::tir
