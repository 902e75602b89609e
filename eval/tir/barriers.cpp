// Sync (seed 002 section 1.5) and the rendezvous every barrier and collective uses
// (docs/tir-semantics.md, "Barriers").
//
// A Sync classifies its mesh with the shared classifier (ir/layout/barrier.h). A thread level of
// extent T tiles the block (thread_position.h): participants are the positions of the executing
// thread's instance; syncthreads and syncwarp take the whole instance, syncwarp_mask and named
// barriers [base, base + count) of it and non-participants skip (the participant predicate,
// TIR.1.5.BARRIER.participant-predicate). The grid barrier takes every thread of the launch. A
// rendezvous completes when every expected thread has arrived: a barrier then joins the clocks
// of its participants (race_detector.h), the grid barrier in every CTA and advancing the phase.
// Two sites meeting under one key, a thread that exits while others wait for it, and a named
// id used at two sites at once are reported.
#include <fmt/format.h>

#include <algorithm>

#include "eval/tir/thread_runner.h"
#include "ir/layout/participants.h"
#include "ir/support/plant.h"

namespace tf::eval::tir {

namespace {

bool is_collective(const Rendezvous& r) { return r.kind == Rendezvous::Kind::Collective; }

std::string what(const Rendezvous& r) {
  if (is_collective(r)) return fmt::format("the collective {}", r.site->call().op.name());
  if (r.barrier.kind == BarrierKind::Named) return fmt::format("the named barrier {} ({})", r.named_id, barrier_spelling(r.barrier));
  return fmt::format("the barrier {}", barrier_spelling(r.barrier));
}

}  // namespace

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
    const std::int64_t T = *mesh.topologies().front().static_size();
    const std::int64_t instance = t_.pos.tid / T, position = t_.pos.tid % T;
    if (instance >= g_.block / T) return std::nullopt;  // no position of the mesh
    if (!executes_barrier(*cls, position)) return std::nullopt;  // the participant predicate
    std::int64_t first = 0, count = T;
    if (cls->needs_predicate()) {
      first = cls->base;
      count = cls->count;
    }
    for (std::int64_t p = first; p < first + count; ++p)
      r.expected.push_back(static_cast<std::uint32_t>(c_.index * g_.block + instance * T + p));
    switch (cls->kind) {
      case BarrierKind::Named: {
        std::optional<int> id = activation().barrier_ids ? activation().barrier_ids->id_of(e) : std::nullopt;
        r.named_id = id.value_or(0);
        key = fmt::format("named:{}", r.named_id);
        break;
      }
      case BarrierKind::SyncWarpMask:
        key = fmt::format("warp:{}:{}:{}", instance, first, count);  // one rendezvous per mask
        break;
      default:
        key = fmt::format("block:{}", instance);
        break;
    }
  }
  return arrive(key, std::move(r), {});
}

Fault ThreadRunner::arrive(const std::string& key, Rendezvous r, std::vector<ViewRef> views) {
  auto& table = key == "grid" ? g_.rendezvous : c_.rendezvous;
  auto it = table.find(key);
  if (it != table.end() && it->second.site != r.site) {
    const Rendezvous& pending = it->second;
    UbKind kind = is_collective(r) || is_collective(pending) ? UbKind::BarrierMismatch
                  : r.barrier.kind == BarrierKind::Named    ? UbKind::NamedBarrier
                  : r.barrier.kind == BarrierKind::SyncWarpMask ? UbKind::BarrierMismatch
                                                            : UbKind::BarrierDivergence;
    const Thread& waiting = Machine::thread_of(g_, pending.arrived.front());
    return ub_diagnostic(kind,
                         fmt::format("{} reaches {} while {} waits at {}{}", thread_name(t_.pos), what(r),
                                     thread_name(waiting.pos), what(pending),
                                     kind == UbKind::NamedBarrier ? ": one id serves two sites at once" : ": the threads diverged"),
                         m_.location_of(r.site), m_.location_of(pending.site), "the other thread waits here");
  }
  if (it == table.end()) {
    for (std::uint32_t gid : r.expected) {
      const Thread& u = Machine::thread_of(g_, gid);
      if (u.status == Thread::Status::Exited)
        return ub_diagnostic(is_collective(r) ? UbKind::WarpCollectiveInactive : UbKind::BarrierDivergence,
                             fmt::format("{} reaches {}, which {} never reaches: it has exited", thread_name(t_.pos),
                                         what(r), thread_name(u.pos)),
                             m_.location_of(r.site));
    }
    it = table.emplace(key, std::move(r)).first;
  }
  Rendezvous& p = it->second;
  p.arrived.push_back(t_.gid);
  p.views.push_back(std::move(views));
  if (m_.options().trace)
    m_.note(fmt::format("{}  {} arrives at {} ({} of {})", m_.location_of(p.site).str(), thread_name(t_.pos), what(p),
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

void ThreadRunner::join_clocks(const std::vector<std::uint32_t>& participants) {
  std::map<std::int64_t, std::vector<std::uint32_t>> by_cta;
  for (std::uint32_t gid : participants) by_cta[gid / static_cast<std::uint32_t>(g_.block)].push_back(gid);
  const std::size_t B = static_cast<std::size_t>(g_.block);
  for (auto& [cta, members] : by_cta) {
    std::vector<std::uint32_t>& clocks = Machine::cta_of(g_, members.front()).clocks;
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
  }
}

Fault ThreadRunner::complete(const std::string& key) {
  auto& table = key == "grid" ? g_.rendezvous : c_.rendezvous;
  Rendezvous r = std::move(table.at(key));
  table.erase(key);
  if (is_collective(r)) {
    if (Fault f = finish_collective(r)) return f;
  } else {
    join_clocks(r.expected);
    if (r.barrier.kind == BarrierKind::Grid) ++g_.phase;
  }
  if (m_.options().trace) m_.note(fmt::format("{}  {} completes", m_.location_of(r.site).str(), what(r)));
  for (std::uint32_t gid : r.expected) {
    Thread& u = Machine::thread_of(g_, gid);
    if (TF_PLANTED(barrier_releases_early) && gid != t_.gid && u.blocked_at != r.site) continue;  // the one that ran on
    u.status = Thread::Status::Runnable;
    u.blocked_at = nullptr;
  }
  return std::nullopt;
}

}  // namespace tf::eval::tir
