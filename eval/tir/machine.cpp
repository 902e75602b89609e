// Machine (machine.h): launches, the scheduler, deadlock and exit checks, and the tables the
// threads share (sites, named-barrier ids, barrier classes, the step budget).
#include "eval/tir/machine.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <map>
#include <utility>

#include "eval/hir/evaluator.h"
#include "eval/tir/thread_runner.h"
#include "ir/tir/launch_check.h"
#include "ir/tir/launch_geometry.h"
#include "ir/tir/stmt_walk.h"

namespace tf::eval::tir {

std::string threads_text(const Grid& g, std::vector<std::uint32_t> gids) {
  if (g.grid == 1 && g.block == 1) return "the thread";
  std::sort(gids.begin(), gids.end());
  const auto B = static_cast<std::uint32_t>(g.block);
  std::string out;
  for (std::size_t i = 0; i < gids.size();) {
    const std::uint32_t cta = gids[i] / B;
    std::vector<std::string> runs;
    for (; i < gids.size() && gids[i] / B == cta;) {
      std::size_t j = i;
      while (j + 1 < gids.size() && gids[j + 1] == gids[j] + 1 && gids[j + 1] / B == cta) ++j;
      const std::uint32_t lo = gids[i] % B, hi = gids[j] % B;
      runs.push_back(lo == hi ? fmt::format("{}", lo) : fmt::format("{}-{}", lo, hi));
      i = j + 1;
    }
    out += fmt::format("{}CTA {} thread{} {}", out.empty() ? "" : "; ", cta, runs.size() == 1 && runs[0].find('-') == std::string::npos ? "" : "s",
                       fmt::join(runs, ", "));
  }
  return out;
}

std::vector<std::uint32_t> missing_threads(const Rendezvous& r) {
  std::vector<std::uint32_t> missing;
  for (std::uint32_t gid : r.expected)
    if (std::find(r.arrived.begin(), r.arrived.end(), gid) == r.arrived.end()) missing.push_back(gid);
  return missing;
}

std::optional<RelatedLocation> exit_note(const Machine& m, const Grid& g, const Thread& t) {
  if (t.at == nullptr) return std::nullopt;
  const std::string end = "and reached the end of " + (g.kernel != nullptr ? "@" + g.kernel->name() : std::string("the kernel"));
  std::string how;
  switch (t.at->kind()) {
    case ir::StmtKind::Return: how = "it returned"; break;
    case ir::StmtKind::MeshScope: how = "it skipped this scope (it is no position of its mesh) " + end; break;
    case ir::StmtKind::If: how = "it ran no statement of this if " + end; break;
    default: how = "it ran this statement last " + end; break;
  }
  return RelatedLocation{m.location_of(t.at), fmt::format("{} left here: {}", thread_name(t.pos), how)};
}

namespace {

Diagnostic eval_diag(std::string message, SourceLocation at = {}) {
  Diagnostic d = category_error(DiagCategory::Eval, std::move(message));
  d.location = std::move(at);
  return d;
}

}  // namespace

Diagnostic eval_error_at(const Machine& m, const ir::StmtNode* s, std::string message) {
  return eval_diag(std::move(message), m.location_of(s));
}

Machine::Machine(const Module& module, const TirEvalOptions& options)
    : module_(module), options_(options), steps_left_(options.limits.steps()), rng_(options.schedule_seed) {}

BufferRef Machine::allocate(Space space, DType dtype, std::int64_t count, std::string name) {
  return std::make_shared<Buffer>(next_buffer_++, space, dtype, count, std::move(name));
}

std::uint32_t Machine::site_id(const ir::StmtNode* s) {
  auto [it, added] = site_ids_.try_emplace(s, static_cast<std::uint32_t>(sites_.size()));
  if (added) sites_.push_back(s);
  return it->second;
}

SourceLocation Machine::site_location(std::uint32_t id) const {
  return id < sites_.size() ? location_of(sites_[id]) : SourceLocation{};
}

SourceLocation Machine::location_of(const ir::StmtNode* s) const {
  return s != nullptr && s->loc() ? *s->loc() : SourceLocation{};
}

Result<const ir::NamedBarrierIds*> Machine::barrier_ids(const ir::PrimFunction& kernel) {
  std::unique_ptr<ir::NamedBarrierIds>& slot = barrier_ids_[&kernel];
  if (!slot) {
    Result<ir::NamedBarrierIds> ids = ir::allocate_named_barriers(kernel, &module_);  // over its device calls
    TF_TRY(ids);
    slot = std::make_unique<ir::NamedBarrierIds>(std::move(ids).value());
  }
  return slot.get();
}

std::uint64_t Machine::call_path(std::uint64_t parent, const ir::StmtNode* site) {
  return call_paths_.try_emplace({parent, site}, call_paths_.size() + 1).first->second;
}

Activation Machine::activation_of(const ir::PrimFunction& fn) {
  std::unique_ptr<VarSlots>& slots = slots_[&fn];
  if (!slots) {
    slots = std::make_unique<VarSlots>();
    auto add = [&](const Var* v) { slots->try_emplace(v, static_cast<std::uint32_t>(slots->size())); };
    for (const VarRef& p : fn.params()) add(p.get());
    ir::walk(fn.body(), [&](const ir::StmtNode& s) {
      if (const auto* let = s.as<ir::LetStmt>()) add(let->var.get());
      if (const auto* loop = s.as<ir::For>()) add(loop->induction_var.get());
    });
  }
  Activation a;
  a.fn = &fn;
  a.slots = slots.get();
  a.values.resize(slots->size());
  return a;
}

Result<BarrierClass> Machine::barrier_class(const ir::Evaluate& site, const Mesh& mesh) {
  auto it = barrier_classes_.find(&site);
  if (it != barrier_classes_.end()) return it->second;
  Result<BarrierClass> c = classify_barrier(mesh);
  if (c.ok()) barrier_classes_.emplace(&site, *c);
  return c;
}

Fault Machine::take_step(const ir::StmtNode* s) {
  ++statements_;
  if (--steps_left_ < 0)
    return eval_diag(fmt::format("the step budget of {} statements is spent (--max-steps)", options_.limits.steps()),
                     location_of(s));
  if ((statements_ & 0xfff) == 0 && interrupt_requested()) return eval_diag("interrupted (Ctrl-C)", location_of(s));
  return std::nullopt;
}

void Machine::note(std::string line) {
  if (!options_.trace || trace_.size() > (std::size_t{1} << 20)) return;
  trace_ += line;
  trace_ += '\n';
}

Thread& Machine::thread_of(Grid& g, std::uint32_t gid) {
  return cta_of(g, gid).threads[static_cast<std::size_t>(gid % static_cast<std::uint32_t>(g.block))];
}

Cta& Machine::cta_of(Grid& g, std::uint32_t gid) {
  const std::size_t cta = gid / static_cast<std::uint32_t>(g.block);
  return *g.ctas[g.all_ctas_live ? cta : 0];
}

Fault Machine::run_function(const ir::PrimFunction& fn, std::vector<RtValue> args, DimBinding dims) {
  dims_ = std::move(dims);
  if (fn.target() == ir::Target::Host) return launch(fn, std::move(args), ir::LaunchShape{}, true, nullptr);
  // The implicit launch of a device function: grid and block from its meshes.
  const ir::LaunchGeometry g = ir::implicit_launch(fn);
  ir::LaunchShape shape;
  shape.grid[0] = g.grid;
  shape.block[0] = g.block;
  return launch(fn, std::move(args), shape, false, nullptr);
}

Fault Machine::launch(const ir::PrimFunction& kernel, std::vector<RtValue> args, const ir::LaunchShape& shape, bool host,
                      const ir::StmtNode* site) {
  // The one launch validator of the machine model and the backends (ir/tir/launch_check.h).
  if (!host)
    if (std::optional<Diagnostic> refused = ir::check_launch(module_, kernel, shape, location_of(site), options_.device)) return refused;
  const std::int64_t grid = shape.ctas(), block = shape.block_threads();
  Grid g;
  g.kernel = &kernel;
  g.grid = grid;
  g.block = block;
  g.host = host;
  g.launch = next_launch_++;
  g.all_ctas_live = !host && ir::uses_grid_barrier(kernel);
  if (options_.trace)
    note(fmt::format("launch @{}: {} CTA{} x {} thread{}{}", kernel.name(), grid, grid == 1 ? "" : "s", block,
                     block == 1 ? "" : "s", g.all_ctas_live ? " (all CTAs live: grid barrier)" : ""));
  // The kernel's named-barrier ids, its device functions' included (a kernel needing a sixteenth
  // is refused at its launch, as the emitter refuses it).
  Result<const ir::NamedBarrierIds*> ids = barrier_ids(kernel);
  if (!ids.ok()) {
    Diagnostic d = ids.diagnostics().front();
    if (!d.location.known()) d.location = site != nullptr ? location_of(site) : kernel.loc().value_or(SourceLocation{});
    return d;
  }
  auto make_cta = [&](std::int64_t index) {
    auto c = std::make_unique<Cta>();
    c->index = index;
    const std::size_t B = static_cast<std::size_t>(block);
    c->clocks.assign(B * B, 0);
    for (std::size_t t = 0; t < B; ++t) c->clocks[t * B + t] = 1;
    c->threads.resize(B);
    for (std::size_t t = 0; t < B; ++t) {
      Thread& th = c->threads[t];
      th.pos = ThreadPos{index, static_cast<std::int64_t>(t), grid, block};
      th.gid = static_cast<std::uint32_t>(index * block + static_cast<std::int64_t>(t));
      Activation a = activation_of(kernel);
      a.barrier_ids = *ids;
      for (std::size_t i = 0; i < kernel.params().size() && i < args.size(); ++i) a.bind(*kernel.params()[i], args[i]);
      th.calls.push_back(std::move(a));
      Frame f;
      f.kind = Frame::Kind::Call;
      f.body = kernel.body().get();
      th.frames.reserve(8);  // a kernel body, a scope, a loop or two: no regrowth
      th.frames.push_back(f);
    }
    return c;
  };
  const std::int64_t clock_bytes = block * block * 4 + block * 256;
  if (g.all_ctas_live) {
    ScratchCharge charge(grid, clock_bytes);
    std::vector<Cta*> all;
    for (std::int64_t i = 0; i < grid; ++i) {
      g.ctas.push_back(make_cta(i));
      all.push_back(g.ctas.back().get());
    }
    if (Fault f = schedule(g, all)) return note_pending(g, std::move(f));
    return std::exchange(pending_uninitialized, std::nullopt);
  }
  ScratchCharge charge(1, clock_bytes);
  for (std::int64_t i = 0; i < grid; ++i) {
    g.ctas.clear();
    g.ctas.push_back(make_cta(i));
    if (Fault f = schedule(g, {g.ctas.back().get()})) return note_pending(g, std::move(f));
  }
  return std::exchange(pending_uninitialized, std::nullopt);
}

Fault Machine::note_pending(Grid& g, Fault f) {
  if (!options_.trace) return f;
  for (auto& c : g.ctas)
    for (auto* table : {&c->rendezvous, &g.rendezvous})
      for (const auto& [key, r] : *table)
        note(fmt::format("{}  {} never completes: {} arrived; {} did not", location_of(r.site).str(), rendezvous_text(r),
                         threads_text(g, r.arrived), threads_text(g, missing_threads(r))));
  return f;
}

Fault Machine::schedule(Grid& g, std::vector<Cta*> ctas) {
  std::vector<std::pair<Cta*, Thread*>> order;
  for (Cta* c : ctas)
    for (Thread& t : c->threads) order.emplace_back(c, &t);
  while (true) {
    bool ran = false;
    if (options_.schedule_seed != 0) std::shuffle(order.begin(), order.end(), rng_);
    for (auto& [c, t] : order) {
      if (t->status != Thread::Status::Runnable) continue;
      ran = true;
      if (Fault f = run_thread(g, *c, *t)) return f;
    }
    if (!ran) break;
  }
  for (auto& [c, t] : order)
    if (t->status != Thread::Status::Exited) return deadlock(g, ctas);
  return std::nullopt;
}

Fault Machine::run_thread(Grid& g, Cta& c, Thread& t) {
  ThreadRunner runner(*this, g, c, t);
  return runner.run();
}

Fault Machine::thread_exited(Grid& g, Cta& c, Thread& t) {
  for (auto* table : {&c.rendezvous, &g.rendezvous}) {
    for (auto& [key, r] : *table) {
      if (std::find(r.expected.begin(), r.expected.end(), t.gid) == r.expected.end()) continue;
      if (std::find(r.arrived.begin(), r.arrived.end(), t.gid) != r.arrived.end()) continue;
      const bool collective = r.kind == Rendezvous::Kind::Collective;
      const Thread& waiting = thread_of(g, r.arrived.front());
      Diagnostic d = ub_diagnostic(
          collective ? UbKind::WarpCollectiveInactive : UbKind::BarrierDivergence,
          fmt::format("{} exits while {} waits for it at {} ({} of {} arrived)", thread_name(t.pos), thread_name(waiting.pos),
                      collective ? std::string(r.site->call().op.name()) : barrier_spelling(r.barrier), r.arrived.size(),
                      r.expected.size()),
          location_of(r.site));
      if (std::optional<RelatedLocation> left = exit_note(*this, g, t)) d.related.push_back(std::move(*left));
      return d;
    }
  }
  return std::nullopt;
}

Fault Machine::deadlock(Grid& g, const std::vector<Cta*>& ctas) {
  // A participant of a collective or a warp barrier that waits at another rendezvous: the
  // threads diverged (ub.barrier-mismatch, the kind the docs' table gives it), whatever else the
  // wait leads to.
  auto waiting_at = [&](std::uint32_t gid) -> const Rendezvous* {
    for (auto* table : {&cta_of(g, gid).rendezvous, &g.rendezvous})
      for (const auto& [key, r] : *table)
        if (std::find(r.arrived.begin(), r.arrived.end(), gid) != r.arrived.end()) return &r;
    return nullptr;
  };
  for (Cta* c : ctas)
    for (auto* table : {&c->rendezvous, &g.rendezvous})
      for (const auto& [key, r] : *table)
        for (std::uint32_t gid : r.expected) {
          const Rendezvous* other = waiting_at(gid);
          if (other == nullptr || other == &r || !(must_meet_together(r) || must_meet_together(*other))) continue;
          return ub_diagnostic(UbKind::BarrierMismatch,
                               fmt::format("{} waits at {} while {} waits for it at {}: the threads diverged",
                                           thread_name(thread_of(g, gid).pos), rendezvous_text(*other),
                                           thread_name(thread_of(g, r.arrived.front()).pos), rendezvous_text(r)),
                               location_of(other->site), location_of(r.site), "the other thread waits here");
        }
  // Every live thread waits: one note per pending barrier (who it still waits for) and one per
  // statement threads wait at (who waits there, as ranges), so that a 128-thread deadlock reads
  // as a few lines rather than one long one.
  const ir::StmtNode* first = nullptr;
  std::int64_t blocked = 0;
  std::map<const ir::StmtNode*, std::vector<std::uint32_t>> waiting;  // by site, in site order of first wait
  std::vector<const ir::StmtNode*> sites;
  for (Cta* c : ctas)
    for (const Thread& t : c->threads) {
      if (t.status != Thread::Status::Blocked) continue;
      ++blocked;
      if (first == nullptr) first = t.blocked_at;
      auto [it, fresh] = waiting.try_emplace(t.blocked_at);
      if (fresh) sites.push_back(t.blocked_at);
      it->second.push_back(t.gid);
    }
  Diagnostic d = ub_diagnostic(UbKind::Deadlock, fmt::format("{} threads are blocked and none can run", blocked), location_of(first));
  for (const ir::StmtNode* site : sites)
    d.related.push_back({location_of(site), fmt::format("{} wait here", threads_text(g, waiting[site]))});
  for (Cta* c : ctas)
    for (auto* table : {&c->rendezvous, &g.rendezvous})
      for (const auto& [key, r] : *table) {
        d.related.push_back({location_of(r.site), fmt::format("{} has {} of its {} threads; it waits for {}", rendezvous_text(r),
                                                              r.arrived.size(), r.expected.size(), threads_text(g, missing_threads(r)))});
      }
  return d;
}

}  // namespace tf::eval::tir
