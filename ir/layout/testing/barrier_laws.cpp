// The barrier classifier against a brute-force reading of the seed 002 section 1.5 table, over
// generated meshes and slices: the participant set is enumerated into a std::set from the
// parent's coordinates (never through participants.h), and the table is read row by row.
// (The bodies; ir/layout/test/barrier_laws_test.cpp runs each as a gtest law, `tf fuzz --property
// mesh-laws` one per case.)
#include "ir/layout/testing/layout_laws.h"

#include <rapidcheck.h>

#include <map>
#include <set>

#include "ir/layout/barrier.h"
#include "ir/layout/named_barrier.h"
#include "ir/layout/testing/mesh_gen.h"
#include "ir/layout/testing/mesh_oracle.h"

namespace tf {
namespace {

// What the table says for a consistent set: a BarrierClass or the rule id of the rejection.
struct Expected {
  bool accepted = false;
  BarrierClass cls;
  std::string rule;
};

Expected reject(std::string rule) {
  return Expected{false, {}, std::move(rule)};
}

// The table, read literally, for a thread block of `domain` threads.
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

void assert_agrees(const Mesh& m, const Expected& want) {
  const auto got = classify_barrier(m);
  if (want.accepted) {
    if (!got.ok()) RC_LOG() << got.diagnostics()[0].render() << "\n";
    RC_ASSERT(got.ok());
    RC_LOG() << to_json(*got) << "\n";
    RC_ASSERT(*got == want.cls);
    RC_TAG(barrier_kind_name(got->kind));
  } else {
    RC_ASSERT(!got.ok());
    RC_ASSERT(got.diagnostics().size() == 1u);
    RC_ASSERT(got.diagnostics()[0].rule_id == want.rule);
    RC_TAG(want.rule);
  }
}

// Relabels a mesh's single topology.
Mesh relabel(const Mesh& m, const char* name) {
  const auto size = m.topologies()[0].size();
  return Mesh::make({Topology::make(name, size).value()}, m.layout(), m.names()).value();
}

// covers: TIR.1.5.BARRIER.whole-block-multi-warp
// covers: TIR.1.5.BARRIER.whole-block-one-warp
// covers: TIR.1.5.BARRIER.lane-subset
// covers: TIR.1.5.BARRIER.multi-warp-subset
// covers: TIR.1.5.SYNC.non-contiguous-rejected
// covers: TIR.1.5.SYNC.unaligned-cross-warp-rejected
void ThreadSlicesFollowTheTable() {
  const Mesh parent = *fuzz::gen_thread_mesh();
  const auto key = *fuzz::gen_slice_key(parent);
  const bool whole = *rc::gen::inRange(0, 5) == 0;
  const Mesh m = whole ? parent : slice(parent, key).value();
  const auto members =
      whole ? testing::brute_image(parent) : testing::brute_slice_image(parent, key);
  assert_agrees(m, table(members, topology_domain(m).value(), m.is_sliced(), false));
}

// covers: TIR.1.5.BARRIER.multi-warp-subset
// covers: TIR.1.5.SYNC.warp-aligned
void WarpRangesFollowTheTable() {
  const fuzz::MeshSlice ms = *fuzz::gen_warp_range();
  const Mesh m = slice(ms.parent, ms.key).value();
  assert_agrees(m, table(testing::brute_slice_image(ms.parent, ms.key), topology_domain(m).value(),
                         true, false));
}

// covers: TIR.1.5.BARRIER.full-cta-mesh
// covers: TIR.1.5.BARRIER.cta-slice-rejected
void CtaMeshesAreTheGridOrRejected() {
  const Mesh parent = relabel(*fuzz::gen_thread_mesh(), "cta");
  const auto key = *fuzz::gen_slice_key(parent);
  const bool whole = *rc::gen::inRange(0, 3) == 0;
  const Mesh m = whole ? parent : slice(parent, key).value();
  const auto members =
      whole ? testing::brute_image(parent) : testing::brute_slice_image(parent, key);
  assert_agrees(m, table(members, topology_domain(m).value(), m.is_sliced(), true));
}

// covers: TIR.1.5.SYNC.inconsistent-mesh-rejected
void FreeMeshesFollowTheTable() {
  const Mesh m = *fuzz::gen_free_mesh();
  assert_agrees(m, table(testing::brute_image(m), topology_domain(m).value(), false, false));
}

// covers: TIR.1.5.SYNC.unsupported-topology-rejected
void OtherTopologiesAreRejected() {
  const Mesh m = *fuzz::gen_multilevel_mesh();
  const bool threads = m.topologies().size() == 1 && m.topologies()[0].name() == "thread";
  const bool ctas = m.topologies().size() == 1 && m.topologies()[0].name() == "cta";
  const auto got = classify_barrier(m);
  if (threads || ctas) {
    assert_agrees(m, table(testing::brute_image(m), topology_domain(m).value(), false, ctas));
  } else {
    RC_ASSERT(!got.ok());
    RC_ASSERT(got.diagnostics()[0].rule_id ==
              std::string("TIR.1.5.SYNC.unsupported-topology-rejected"));
  }
}

// covers: TIR.1.5.BARRIER.non-participant-skips, TIR.1.5.BARRIER.same-id-and-count
// Over every accepted thread slice: exactly the participants (brute force) execute the barrier,
// and they all execute the same instruction, whose count is the number of participants.
void OnlyParticipantsExecuteAndAllTheSameInstruction() {
  // Half the cases are warp-aligned ranges, so named barriers are well represented.
  const fuzz::MeshSlice ms = *rc::gen::arbitrary<bool>() ? *fuzz::gen_warp_range() : [] {
    const Mesh parent = *fuzz::gen_thread_mesh();
    return fuzz::MeshSlice{parent, *fuzz::gen_slice_key(parent)};
  }();
  const Mesh m = slice(ms.parent, ms.key).value();
  const auto got = classify_barrier(m);
  RC_PRE(got.ok());
  const auto members = testing::brute_slice_image(ms.parent, ms.key);
  const std::set<std::int64_t> set(members.begin(), members.end());
  const std::int64_t domain = topology_domain(m).value();
  const int id = *rc::gen::inRange(1, 16);
  std::set<std::string> executed;
  for (std::int64_t tid = 0; tid < domain; ++tid) {
    const std::optional<std::string> ins = barrier_instruction(*got, id, tid);
    const bool participates = set.count(tid) > 0 || !got->needs_predicate();
    RC_ASSERT(ins.has_value() == participates);
    if (ins) executed.insert(*ins);
  }
  RC_ASSERT(executed.size() == 1u);
  if (got->kind == BarrierKind::Named) {
    RC_ASSERT(*executed.begin() == "bar.sync " + std::to_string(id) + ", " + std::to_string(set.size()));
  }
  RC_TAG(barrier_kind_name(got->kind));
}

// covers: TIR.1.5.NAMEDBAR.next-free-id
// covers: TIR.1.5.NAMEDBAR.no-reuse-across-sites
// covers: TIR.1.5.NAMEDBAR.over-fifteen-errors
void NamedBarrierIdsAreFirstUseOrder() {
  const auto sequence = *rc::gen::container<std::vector<int>>(rc::gen::inRange(0, 20));
  static int sites[20];
  NamedBarrierAllocator kernel;
  std::map<int, int> oracle;  // site -> id, in first-use order
  for (int s : sequence) {
    auto got = kernel.id_for(&sites[s]);
    if (!oracle.count(s) && oracle.size() == 15) {
      RC_ASSERT(!got.ok());
      RC_ASSERT(got.diagnostics()[0].rule_id ==
                std::string("TIR.1.5.NAMEDBAR.over-fifteen-errors"));
      continue;
    }
    if (!oracle.count(s)) oracle.emplace(s, static_cast<int>(oracle.size()) + 1);
    RC_ASSERT(got.ok());
    RC_ASSERT(*got == oracle[s]);
    RC_ASSERT(check_named_barrier_id(*got).empty());
  }
  RC_ASSERT(kernel.allocated() == static_cast<int>(oracle.size()));
}

}  // namespace

namespace fuzz {

const std::vector<NamedLaw>& all_barrier_laws() {
  static const std::vector<NamedLaw> laws{
      {"ThreadSlicesFollowTheTable", ThreadSlicesFollowTheTable},
      {"WarpRangesFollowTheTable", WarpRangesFollowTheTable},
      {"CtaMeshesAreTheGridOrRejected", CtaMeshesAreTheGridOrRejected},
      {"FreeMeshesFollowTheTable", FreeMeshesFollowTheTable},
      {"OtherTopologiesAreRejected", OtherTopologiesAreRejected},
      {"OnlyParticipantsExecuteAndAllTheSameInstruction", OnlyParticipantsExecuteAndAllTheSameInstruction},
      {"NamedBarrierIdsAreFirstUseOrder", NamedBarrierIdsAreFirstUseOrder},
  };
  return laws;
}

}  // namespace fuzz
}  // namespace tf
