// The laws of the barrier a mesh slice maps to, and of named barrier ids (mesh_law.h): the
// classifier against a brute-force reading of the seed 002 section 1.5 table. The participant set
// is enumerated from the parent's coordinates (mesh_enumeration.h, never participants.h), and
// the table is read row by row.
#include <fmt/format.h>

#include <map>
#include <set>

#include "ir/layout/barrier.h"
#include "ir/layout/layout_law_support.h"
#include "ir/layout/mesh_enumeration.h"
#include "ir/layout/mesh_law.h"
#include "ir/layout/named_barrier.h"

namespace tf {
namespace {

using law_support::arg;
using law_support::Args;
using law_support::broken;
using law_support::first_diagnostic;
using law_support::first_of;
using law_support::sliced;
using Key = std::vector<SliceKey>;

// What the table says for a set of participants: a BarrierClass or the rule id of the rejection.
struct Expected {
  bool accepted = false;
  BarrierClass cls;
  std::string rule;
};

Expected reject(std::string rule) {
  return Expected{false, {}, std::move(rule)};
}

// The table, read literally, for a thread block (or grid, `cta`) of `domain` positions.
Expected table(const std::vector<std::int64_t>& members, std::int64_t domain, bool sliced,
               bool cta) {
  const std::set<std::int64_t> set(members.begin(), members.end());
  const auto n = static_cast<std::int64_t>(members.size());
  if (!sliced && n != domain) return reject("TIR.1.5.SYNC.inconsistent-mesh-rejected");
  if (n == 0) return reject("TIR.1.5.SYNC.inconsistent-mesh-rejected");
  if (*set.begin() < 0 || *set.rbegin() >= domain)
    return reject("TIR.1.5.SYNC.inconsistent-mesh-rejected");
  if (static_cast<std::int64_t>(set.size()) != n)
    return reject("TIR.1.5.SYNC.inconsistent-mesh-rejected");
  if (cta) {
    if (n != domain) return reject("TIR.1.5.BARRIER.cta-slice-rejected");
    return Expected{true, {BarrierKind::Grid, 0, domain, 0}, ""};
  }
  const std::int64_t base = *set.begin(), last = *set.rbegin();
  if (last - base + 1 != n) return reject("TIR.1.5.SYNC.non-contiguous-rejected");
  if (base == 0 && n == domain) {
    if (domain > 32) return Expected{true, {BarrierKind::SyncThreads, 0, n, 0}, ""};
    std::uint32_t mask = 0;
    for (std::int64_t t = 0; t < n; ++t) mask |= std::uint32_t{1} << t;
    return Expected{true, {BarrierKind::SyncWarp, 0, n, mask}, ""};
  }
  std::set<std::int64_t> warps;
  for (std::int64_t t : set) warps.insert(t / 32);
  if (warps.size() == 1) {
    std::uint32_t mask = 0;
    for (std::int64_t t : set) mask |= std::uint32_t{1} << (t % 32);
    return Expected{true, {BarrierKind::SyncWarpMask, base, n, mask}, ""};
  }
  if (base % 32 == 0 && n % 32 == 0) return Expected{true, {BarrierKind::Named, base, n, 0}, ""};
  return reject("TIR.1.5.SYNC.unaligned-cross-warp-rejected");
}

// Whether classify_barrier(m) gives what the table says for m's `members`; the barrier kind or
// the rule is v's label.
LawVerdict agrees(LawVerdict v, const Mesh& m, const std::vector<std::int64_t>& members, bool cta) {
  const Result<std::int64_t> domain = topology_domain(m);
  if (!domain.ok())
    return broken(v, "topology_domain of the judged mesh succeeds", first_diagnostic(domain));
  const Expected want = table(members, *domain, m.is_sliced(), cta);
  const Result<BarrierClass> got = classify_barrier(m);
  if (want.accepted) {
    if (!got.ok())
      return broken(v, "classify_barrier accepts what the table accepts", first_diagnostic(got));
    if (*got != want.cls)
      return broken(v, "classify_barrier gives the table's barrier",
                    fmt::format("{} against the table's {}", to_json(*got), to_json(want.cls)));
    v.labels.push_back(barrier_kind_name(got->kind));
    return v;
  }
  if (got.ok())
    return broken(v, "classify_barrier rejects what the table rejects",
                  fmt::format("{} where the table rejects with {}", to_json(*got), want.rule));
  if (got.diagnostics().size() != 1u)
    return broken(v, "classify_barrier rejects with one diagnostic",
                  fmt::format("{} diagnostics, the first {}", got.diagnostics().size(),
                              first_diagnostic(got)));
  if (got.diagnostics()[0].rule_id != want.rule)
    return broken(v, "classify_barrier rejects with the table's rule",
                  fmt::format("expected {}, found {}", want.rule, first_diagnostic(got)));
  v.labels.push_back(want.rule);
  return v;
}

// M itself when `whole`, else M[key], judged against the table (`cta`: a grid of CTAs).
LawVerdict whole_or_slice_follows_the_table(const Args& args, bool cta) {
  const Mesh& parent = arg<Mesh>(args, 0);
  const Key& key = arg<Key>(args, 1);
  LawVerdict v;
  if (arg<bool>(args, 2)) return agrees(v, parent, oracle::brute_image(parent), cta);
  const std::optional<Mesh> s = sliced(v, parent, key);
  if (!s) return v;
  return agrees(v, *s, oracle::brute_slice_image(parent, key), cta);
}

// covers: TIR.1.5.BARRIER.whole-block-multi-warp
// covers: TIR.1.5.BARRIER.whole-block-one-warp
// covers: TIR.1.5.BARRIER.lane-subset
// covers: TIR.1.5.BARRIER.multi-warp-subset
// covers: TIR.1.5.SYNC.non-contiguous-rejected
// covers: TIR.1.5.SYNC.unaligned-cross-warp-rejected
LawVerdict thread_slices_follow_the_table(const Args& args) {
  return whole_or_slice_follows_the_table(args, false);
}

// covers: TIR.1.5.BARRIER.multi-warp-subset
// covers: TIR.1.5.SYNC.warp-aligned
LawVerdict warp_ranges_follow_the_table(const Args& args) {
  const Mesh& parent = arg<Mesh>(args, 0);
  const Key& key = arg<Key>(args, 1);
  LawVerdict v;
  const std::optional<Mesh> s = sliced(v, parent, key);
  if (!s) return v;
  return agrees(v, *s, oracle::brute_slice_image(parent, key), false);
}

// covers: TIR.1.5.BARRIER.full-cta-mesh
// covers: TIR.1.5.BARRIER.cta-slice-rejected
LawVerdict cta_meshes_are_the_grid_or_rejected(const Args& args) {
  return whole_or_slice_follows_the_table(args, true);
}

// covers: TIR.1.5.SYNC.inconsistent-mesh-rejected
LawVerdict free_meshes_follow_the_table(const Args& args) {
  const Mesh& m = arg<Mesh>(args, 0);
  return agrees(LawVerdict(), m, oracle::brute_image(m), false);
}

// covers: TIR.1.5.SYNC.unsupported-topology-rejected
LawVerdict other_topologies_are_rejected(const Args& args) {
  const Mesh& m = arg<Mesh>(args, 0);
  LawVerdict v;
  const bool threads = m.topologies().size() == 1 && m.topologies()[0].name() == "thread";
  const bool ctas = m.topologies().size() == 1 && m.topologies()[0].name() == "cta";
  if (threads || ctas) return agrees(v, m, oracle::brute_image(m), ctas);
  const Result<BarrierClass> got = classify_barrier(m);
  if (got.ok())
    return broken(v, "classify_barrier rejects a mesh over other topologies", to_json(*got));
  if (got.diagnostics().empty() ||
      got.diagnostics()[0].rule_id != "TIR.1.5.SYNC.unsupported-topology-rejected")
    return broken(
        v,
        "classify_barrier rejects other topologies as TIR.1.5.SYNC.unsupported-topology-rejected",
        first_diagnostic(got));
  return v;
}

// covers: TIR.1.5.BARRIER.non-participant-skips, TIR.1.5.BARRIER.same-id-and-count
// Over every accepted thread slice: exactly the participants (brute force) execute the barrier,
// and they all execute the same instruction, whose count is the number of participants.
LawVerdict only_participants_execute_and_all_the_same_instruction(const Args& args) {
  const Mesh& parent = arg<Mesh>(args, 0);
  const Key& key = arg<Key>(args, 1);
  const int id = static_cast<int>(arg<std::int64_t>(args, 2));
  LawVerdict v;
  const std::optional<Mesh> s = sliced(v, parent, key);
  if (!s) return v;
  const Result<BarrierClass> got = classify_barrier(*s);
  if (!got.ok())
    return broken(v, "classify_barrier(M[key]) maps the slice to a barrier", first_diagnostic(got));
  const std::vector<std::int64_t> members = oracle::brute_slice_image(parent, key);
  const std::set<std::int64_t> set(members.begin(), members.end());
  const Result<std::int64_t> domain = topology_domain(*s);
  if (!domain.ok()) return broken(v, "topology_domain(M[key]) succeeds", first_diagnostic(domain));
  std::set<std::string> executed;
  for (std::int64_t tid = 0; tid < *domain; ++tid) {
    const std::optional<std::string> ins = barrier_instruction(*got, id, tid);
    const bool participates = set.count(tid) > 0 || !got->needs_predicate();
    if (ins.has_value() != participates)
      return broken(v, "exactly the participants execute the barrier",
                    fmt::format("thread {} {} {}", tid, ins ? "executes" : "skips", to_json(*got)));
    if (ins) executed.insert(*ins);
  }
  if (executed.size() != 1u)
    return broken(v, "every participant executes the same instruction",
                  fmt::format("{} distinct instructions for {}", executed.size(), to_json(*got)));
  const std::string named = fmt::format("bar.sync {}, {}", id, set.size());
  if (got->kind == BarrierKind::Named && *executed.begin() != named)
    return broken(v, "a named barrier is bar.sync with its id and the number of participants",
                  fmt::format("{} against {}", *executed.begin(), named));
  v.labels.push_back(barrier_kind_name(got->kind));
  return v;
}

// The law judges the slices that map to a barrier (its RapidCheck body discards the others); a
// slice that fails is left to the check.
std::string only_participants_refusal(const Args& args) {
  const Result<Mesh> s = slice(arg<Mesh>(args, 0), arg<Key>(args, 1));
  if (!s.ok()) return "";
  const Result<BarrierClass> got = classify_barrier(*s);
  if (got.ok()) return "";
  return "the law judges the slices that map to a barrier, and classify_barrier(M[key]) rejects "
         "this one: " +
         first_diagnostic(got);
}

// covers: TIR.1.5.NAMEDBAR.next-free-id
// covers: TIR.1.5.NAMEDBAR.no-reuse-across-sites
// covers: TIR.1.5.NAMEDBAR.over-fifteen-errors
LawVerdict named_barrier_ids_are_first_use_order(const Args& args) {
  const std::vector<int>& sequence = arg<BarrierSites>(args, 0).sites;
  LawVerdict v;
  std::vector<int> sites(256);  // a site is the address of its slot (site numbers are in [0, 255])
  NamedBarrierAllocator kernel;
  std::map<int, int> oracle;  // site -> id, in first-use order
  for (std::size_t i = 0; i < sequence.size(); ++i) {
    const int s = sequence[i];
    const Result<int> got = kernel.id_for(&sites[static_cast<std::size_t>(s)]);
    if (!oracle.count(s) && oracle.size() == 15) {
      if (got.ok())
        return broken(v, "a sixteenth distinct site is refused",
                      fmt::format("request {}: site {} gets id {}", i, s, *got));
      if (got.diagnostics().empty() ||
          got.diagnostics()[0].rule_id != "TIR.1.5.NAMEDBAR.over-fifteen-errors")
        return broken(
            v, "a sixteenth distinct site is refused as TIR.1.5.NAMEDBAR.over-fifteen-errors",
            fmt::format("request {}: {}", i, first_diagnostic(got)));
      continue;
    }
    if (!oracle.count(s)) oracle.emplace(s, static_cast<int>(oracle.size()) + 1);
    if (!got.ok())
      return broken(v, "one of the first fifteen distinct sites gets an id",
                    fmt::format("request {}: site {}: {}", i, s, first_diagnostic(got)));
    if (*got != oracle[s])
      return broken(
          v, "ids are handed out in first-use order",
          fmt::format("request {}: site {} gets id {}, first-use order {}", i, s, *got, oracle[s]));
    if (const auto diags = check_named_barrier_id(*got); !diags.empty())
      return broken(v, "every id handed out is a valid named-barrier id", first_of(diags));
  }
  if (kernel.allocated() != static_cast<int>(oracle.size()))
    return broken(v, "allocated() counts the distinct sites",
                  fmt::format("{} against {}", kernel.allocated(), oracle.size()));
  return v;
}

}  // namespace

const std::vector<Law>& barrier_laws() {
  static const std::vector<Law> laws = [] {
    const LawParameter m{"M", LawArgumentKind::Mesh}, key{"key", LawArgumentKind::SliceKey};
    const LawParameter whole{"whole", LawArgumentKind::Bool};
    return std::vector<Law>{
        {"ThreadSlicesFollowTheTable", {m, key, whole}, thread_slices_follow_the_table},
        {"WarpRangesFollowTheTable", {m, key}, warp_ranges_follow_the_table},
        {"CtaMeshesAreTheGridOrRejected", {m, key, whole}, cta_meshes_are_the_grid_or_rejected},
        {"FreeMeshesFollowTheTable", {m}, free_meshes_follow_the_table},
        {"OtherTopologiesAreRejected", {m}, other_topologies_are_rejected},
        {"OnlyParticipantsExecuteAndAllTheSameInstruction",
         {m, key, {"id", LawArgumentKind::Integer, 1, 15}},
         only_participants_execute_and_all_the_same_instruction,
         only_participants_refusal},
        {"NamedBarrierIdsAreFirstUseOrder",
         {{"sites", LawArgumentKind::BarrierSites}},
         named_barrier_ids_are_first_use_order},
    };
  }();
  return laws;
}

}  // namespace tf
