// The barrier laws over generated meshes and slices: each body draws its arguments and judges
// them with the law's check (ir/layout/mesh_law.h: the classifier against a brute-force reading
// of the seed 002 section 1.5 table). (ir/layout/test/barrier_laws_test.cpp runs each as a gtest
// law, `tf fuzz --property mesh-laws` one per case.)
#include <rapidcheck.h>

#include "ir/layout/barrier.h"
#include "ir/layout/testing/drawn_laws.h"
#include "ir/layout/testing/layout_laws.h"
#include "ir/layout/testing/mesh_gen.h"

namespace tf::fuzz {
namespace {

using Args = std::vector<LawArgument>;

// Relabels a mesh's single topology.
Mesh relabel(const Mesh& m, const char* name) {
  const auto size = m.topologies()[0].size();
  return Mesh::make({Topology::make(name, size).value()}, m.layout(), m.names()).value();
}

// `parent`, a legal key for it, and whether the law judges the parent itself (one time in
// `whole_one_in`).
Args whole_or_slice(const Mesh& parent, int whole_one_in) {
  std::vector<SliceKey> key = *gen_slice_key(parent);
  const bool whole = *rc::gen::inRange(0, whole_one_in) == 0;
  return Args{parent, std::move(key), whole};
}

// The draws of barrier_laws(), in its order.
const LawDraw kDraws[] = {
    {"ThreadSlicesFollowTheTable", [] { return whole_or_slice(*gen_thread_mesh(), 5); }},
    {"WarpRangesFollowTheTable",
     [] {
       const MeshSlice ms = *gen_warp_range();
       return Args{ms.parent, ms.key};
     }},
    {"CtaMeshesAreTheGridOrRejected",
     [] { return whole_or_slice(relabel(*gen_thread_mesh(), "cta"), 3); }},
    {"FreeMeshesFollowTheTable", [] { return Args{*gen_free_mesh()}; }},
    {"OtherTopologiesAreRejected", [] { return Args{*gen_multilevel_mesh()}; }},
    {"OnlyParticipantsExecuteAndAllTheSameInstruction",
     [] {
       // Half the cases are warp-aligned ranges, so named barriers are well represented.
       const MeshSlice ms = *rc::gen::arbitrary<bool>() ? *gen_warp_range() : [] {
         const Mesh parent = *gen_thread_mesh();
         return MeshSlice{parent, *gen_slice_key(parent)};
       }();
       // The law judges the slices that map to a barrier (its refusal); the others are discarded.
       const Result<Mesh> s = slice(ms.parent, ms.key);
       RC_PRE(!s.ok() || classify_barrier(*s).ok());
       return Args{ms.parent, ms.key, std::int64_t{*rc::gen::inRange(1, 16)}};
     }},
    {"NamedBarrierIdsAreFirstUseOrder",
     [] {
       return Args{BarrierSites{*rc::gen::container<std::vector<int>>(rc::gen::inRange(0, 20))}};
     }},
};

}  // namespace

std::span<const LawDraw> barrier_law_draws() {
  return kDraws;
}

const std::vector<NamedLaw>& all_barrier_laws() {
  static const std::vector<NamedLaw> laws{
      {"ThreadSlicesFollowTheTable", [] { assert_drawn_law("ThreadSlicesFollowTheTable"); }},
      {"WarpRangesFollowTheTable", [] { assert_drawn_law("WarpRangesFollowTheTable"); }},
      {"CtaMeshesAreTheGridOrRejected", [] { assert_drawn_law("CtaMeshesAreTheGridOrRejected"); }},
      {"FreeMeshesFollowTheTable", [] { assert_drawn_law("FreeMeshesFollowTheTable"); }},
      {"OtherTopologiesAreRejected", [] { assert_drawn_law("OtherTopologiesAreRejected"); }},
      {"OnlyParticipantsExecuteAndAllTheSameInstruction",
       [] { assert_drawn_law("OnlyParticipantsExecuteAndAllTheSameInstruction"); }},
      {"NamedBarrierIdsAreFirstUseOrder",
       [] { assert_drawn_law("NamedBarrierIdsAreFirstUseOrder"); }},
  };
  return laws;
}

}  // namespace tf::fuzz
