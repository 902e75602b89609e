// Sync (seed 002 section 1.5) and the rendezvous every barrier and collective uses
// (docs/tir-semantics.md, "Sync").
//
// A Sync classifies its mesh with the shared classifier (ir/layout/barrier.h) and means what the
// barrier it maps to does on the block actually launched; its participants are thread indices of
// the block (tid = program_id<thread>(), the section's participant predicate), never of a mesh
// instance. syncthreads is __syncthreads(): every thread of the CTA, whatever mesh the statement
// names. syncwarp is __syncwarp(mask) in the executing thread's own warp, mask the lanes
// [0, count); a thread whose lane is outside its mask is undefined. syncwarp_mask and named
// take [base, base + count) of the block, and other threads skip them
// (TIR.1.5.BARRIER.participant-predicate). The grid barrier takes every thread of the launch.
// Warp syncs meet by warp and mask, not by site: on sm_70 and later (every target here) lanes
// that reach __syncwarp(mask) at different statements with the same mask synchronize together.
// A rendezvous completes when every expected thread has arrived: a barrier then joins the clocks
// of its participants (race_detector.h), the grid barrier in every CTA and advancing the phase,
// and each CTA it joined logs the instance (barrier_log.h) for race reports.
// Two sites meeting under one key (other than warp syncs), a thread that exits while others
// wait for it (with where it left, exit_note), and a named id used at two sites at once are
// reported.
#include <fmt/format.h>

#include <algorithm>

#include "eval/tir/thread_runner.h"
#include "ir/layout/participants.h"
#include "ir/support/plant.h"

namespace tf::eval::tir {

namespace {

bool is_collective(const Rendezvous& r) { return r.kind == Rendezvous::Kind::Collective; }

// __syncwarp(mask): its lanes meet by mask, whatever statement each reaches (sm_70 and later).
bool is_warp_sync(const Rendezvous& r) {
  return !is_collective(r) && (r.barrier.kind == BarrierKind::SyncWarp || r.barrier.kind == BarrierKind::SyncWarpMask);
}

}  // namespace

std::string rendezvous_text(const Rendezvous& r) {
  if (is_collective(r)) return fmt::format("the collective {}", r.site->call().op.name());
  if (r.barrier.kind == BarrierKind::Named)
    return fmt::format("the named barrier {} ({})", r.named_id,
                       barrier_instruction(r.barrier, r.named_id, r.barrier.base).value_or(barrier_spelling(r.barrier)));
  return fmt::format("the barrier {}", barrier_spelling(r.barrier));
}

bool must_meet_together(const Rendezvous& r) { return is_collective(r) || is_warp_sync(r); }

Fault ThreadRunner::sync(const ir::Evaluate& e, const Call& c) {
  const Mesh& mesh = std::get<Mesh>(c.attr("mesh"));
  Result<BarrierClass> cls = m_.barrier_class(e, mesh);
  if (!cls.ok()) {
    Diagnostic d = cls.diagnostics().front();
    d.location = m_.location_of(&e);
    return d;
  }
  Rendezvous r;
  r.kind = Rendezvous::Kind::Barrier;
  r.site = &e;
  r.barrier = *cls;
  std::string key;
  if (cls->kind == BarrierKind::Grid) {
    if (!g_.all_ctas_live) TF_UNREACHABLE("a grid barrier in a launch whose CTAs run one at a time");
    for (std::int64_t cta = 0; cta < g_.grid; ++cta)
      for (std::int64_t tid = 0; tid < g_.block; ++tid) r.expected.push_back(static_cast<std::uint32_t>(cta * g_.block + tid));
    key = "grid";
  } else {
    const std::int64_t tid = t_.pos.tid, warp = tid / kWarpSize, lane = tid % kWarpSize;
    auto expect = [&](std::int64_t first, std::int64_t count) {  // the threads of [first, first + count) that exist
      for (std::int64_t p = first; p < std::min(first + count, g_.block); ++p)
        r.expected.push_back(static_cast<std::uint32_t>(c_.index * g_.block + p));
    };
    switch (cls->kind) {
      case BarrierKind::SyncThreads:  // __syncthreads(): the whole CTA
        expect(0, g_.block);
        key = "block";
        break;
      case BarrierKind::SyncWarp:  // __syncwarp(mask) in the thread's own warp
        if (lane >= cls->count)
          return ub_diagnostic(UbKind::BarrierMismatch,
                               fmt::format("{} reaches {}, whose mask leaves out its own lane {}: a thread calling "
                                           "__syncwarp must be in the mask",
                                           thread_name(t_.pos), barrier_spelling(*cls), lane),
                               m_.location_of(&e));
        expect(warp * kWarpSize, cls->count);
        key = fmt::format("warp:{}:{:#x}", warp, cls->mask);
        break;
      case BarrierKind::SyncWarpMask:
      case BarrierKind::Named: {
        if (tid < cls->base || tid >= cls->base + cls->count) return std::nullopt;  // the participant predicate
        expect(cls->base, cls->count);
        if (cls->kind == BarrierKind::SyncWarpMask) {
          key = fmt::format("warp:{}:{:#x}", warp, cls->mask);
          break;
        }
        std::optional<int> id = activation().barrier_ids ? activation().barrier_ids->id_of(e) : std::nullopt;
        r.named_id = id.value_or(0);
        key = fmt::format("named:{}", r.named_id);
        break;
      }
      case BarrierKind::Grid:
        TF_UNREACHABLE("the grid barrier is taken above");
    }
  }
  return arrive(key, std::move(r), {});
}

Fault ThreadRunner::arrive(const std::string& key, Rendezvous r, std::vector<ViewRef> views) {
  auto& table = key == "grid" ? g_.rendezvous : c_.rendezvous;
  auto it = table.find(key);
  if (it != table.end() && it->second.site != r.site && !(is_warp_sync(r) && is_warp_sync(it->second))) {
    const Rendezvous& pending = it->second;
    UbKind kind = is_collective(r) || is_collective(pending) ? UbKind::BarrierMismatch
                  : r.barrier.kind == BarrierKind::Named    ? UbKind::NamedBarrier
                  : r.barrier.kind == BarrierKind::SyncWarpMask ? UbKind::BarrierMismatch
                                                            : UbKind::BarrierDivergence;
    const Thread& waiting = Machine::thread_of(g_, pending.arrived.front());
    return ub_diagnostic(kind,
                         fmt::format("{} reaches {} while {} waits at {}{}", thread_name(t_.pos), rendezvous_text(r),
                                     thread_name(waiting.pos), rendezvous_text(pending),
                                     kind == UbKind::NamedBarrier ? ": one id serves two sites at once" : ": the threads diverged"),
                         m_.location_of(r.site), m_.location_of(pending.site), "the other thread waits here");
  }
  if (it == table.end()) {
    for (std::uint32_t gid : r.expected) {
      const Thread& u = Machine::thread_of(g_, gid);
      if (u.status != Thread::Status::Exited) continue;
      Diagnostic d = ub_diagnostic(is_collective(r) ? UbKind::WarpCollectiveInactive : UbKind::BarrierDivergence,
                                   fmt::format("{} reaches {}, which {} never reaches: it has exited", thread_name(t_.pos),
                                               rendezvous_text(r), thread_name(u.pos)),
                                   m_.location_of(r.site));
      if (std::optional<RelatedLocation> left = exit_note(m_, g_, u)) d.related.push_back(std::move(*left));
      return d;
    }
    it = table.emplace(key, std::move(r)).first;
  }
  Rendezvous& p = it->second;
  p.arrived.push_back(t_.gid);
  p.views.push_back(std::move(views));
  if (m_.options().trace && !m_.options().trace_summary)
    m_.note(fmt::format("{}  {} arrives at {} ({} of {})", m_.location_of(p.site).str(), thread_name(t_.pos), rendezvous_text(p),
                        p.arrived.size(), p.expected.size()));
  if (p.arrived.size() < p.expected.size()) {
    // The planted bug (ir/support/plant.h): the first thread to arrive runs on without waiting.
    if (TF_PLANTED(barrier_releases_early) && !is_collective(p) && p.arrived.size() == 1) return std::nullopt;
    t_.status = Thread::Status::Blocked;
    t_.blocked_at = p.site;
    return std::nullopt;
  }
  return complete(key);
}

void ThreadRunner::join_clocks(const std::vector<std::uint32_t>& participants, const ir::Evaluate& site) {
  std::map<std::int64_t, std::vector<std::uint32_t>> by_cta;
  for (std::uint32_t gid : participants) by_cta[gid / static_cast<std::uint32_t>(g_.block)].push_back(gid);
  const std::size_t B = static_cast<std::size_t>(g_.block);
  for (auto& [cta, members] : by_cta) {
    Cta& c = Machine::cta_of(g_, members.front());
    std::vector<std::uint32_t>& clocks = c.clocks;
    std::vector<std::uint32_t> join(B, 0);
    for (std::uint32_t gid : members) {
      const std::size_t row = (gid % B) * B;
      for (std::size_t u = 0; u < B; ++u) join[u] = std::max(join[u], clocks[row + u]);
    }
    for (std::uint32_t gid : members) {
      const std::size_t t = gid % B;
      std::copy(join.begin(), join.end(), clocks.begin() + static_cast<std::ptrdiff_t>(t * B));
      ++clocks[t * B + t];
    }
    if (!m_.options().check_races) continue;
    for (std::uint32_t& gid : members) gid %= static_cast<std::uint32_t>(B);  // block indices
    c.barriers.add(&site, std::move(members));
  }
}

std::string ThreadRunner::barrier_text(const ir::Evaluate& site) {
  Rendezvous r;
  r.site = &site;
  if (!ir::is_tir_op(site.call().op, ir::TirOp::Sync)) {
    r.kind = Rendezvous::Kind::Collective;
    return "the barrier inside " + rendezvous_text(r);
  }
  // The site completed an instance, so its class is in the machine's cache.
  Result<BarrierClass> cls = m_.barrier_class(site, std::get<Mesh>(site.call().attr("mesh")));
  if (!cls.ok()) return "the barrier";
  r.barrier = *cls;
  if (cls->kind == BarrierKind::Named && activation().barrier_ids != nullptr)
    r.named_id = activation().barrier_ids->id_of(site).value_or(0);
  return rendezvous_text(r);
}

Fault ThreadRunner::complete(const std::string& key) {
  auto& table = key == "grid" ? g_.rendezvous : c_.rendezvous;
  Rendezvous r = std::move(table.at(key));
  table.erase(key);
  if (is_collective(r)) {
    if (Fault f = finish_collective(r)) return f;
  } else {
    join_clocks(r.expected, *r.site);
    if (r.barrier.kind == BarrierKind::Grid) ++g_.phase;
  }
  if (m_.options().trace)  // the summary names who took part, as the arrival lines did
    m_.note(fmt::format("{}  {} completes{}", m_.location_of(r.site).str(), rendezvous_text(r),
                        m_.options().trace_summary ? ": " + threads_text(g_, r.arrived) : std::string()));
  for (std::uint32_t gid : r.expected) {
    Thread& u = Machine::thread_of(g_, gid);
    if (TF_PLANTED(barrier_releases_early) && gid != t_.gid && u.blocked_at != r.site) continue;  // the one that ran on
    u.status = Thread::Status::Runnable;
    u.blocked_at = nullptr;
  }
  return std::nullopt;
}

}  // namespace tf::eval::tir
