// Mesh laws over generated meshes and slices (ir/layout/testing/mesh_gen.h): each body draws its
// arguments and judges them with the law's check (ir/layout/mesh_law.h, against brute-force
// enumeration). 200 cases per law in mesh_test (label unit), 10,000 in mesh_fuzz_test (label
// fuzz), through RC_PARAMS. (ir/layout/test/mesh_laws_test.cpp runs each as a gtest law,
// `tf fuzz --property mesh-laws` one per case.)
#include <rapidcheck.h>

#include "ir/layout/testing/drawn_laws.h"
#include "ir/layout/testing/layout_laws.h"
#include "ir/layout/testing/mesh_gen.h"

namespace tf::fuzz {
namespace {

using Args = std::vector<LawArgument>;

// A parent mesh and a legal key for it, as the arguments M and key.
Args mesh_and_key() {
  const MeshSlice ms = *gen_mesh_slice();
  return Args{ms.parent, ms.key};
}

// The draws of mesh_laws(), in its order.
const LawDraw kDraws[] = {
    {"SliceParticipantsMatchBruteForce", mesh_and_key},
    {"ContainsAndProjectMatchBruteForce", mesh_and_key},
    {"FreeMeshProjectionIsExactOrRefused", [] { return Args{*gen_free_mesh()}; }},
    {"RealSlicesVerifyAndRebuild", mesh_and_key},
    {"ForgedOffsetsAgreeWithBruteForce",
     [] {
       Args args = mesh_and_key();
       // A slice keeps its parent's topologies, so its domain is the parent's.
       const std::int64_t domain = topology_domain(std::get<Mesh>(args[0])).value();
       args.emplace_back(*rc::gen::inRange<std::int64_t>(0, domain + 4));
       return args;
     }},
    {"ForgedStridesAndExtentsRejected",
     [] {
       Args args = mesh_and_key();
       // A slice keeps its parent's axes.
       args.emplace_back(std::int64_t{*rc::gen::inRange<int>(0, std::get<Mesh>(args[0]).rank())});
       const bool bump_stride = *rc::gen::arbitrary<bool>();
       args.emplace_back(bump_stride);
       args.emplace_back(bump_stride ? *rc::gen::inRange<std::int64_t>(1, 5)
                                     : *rc::gen::inRange<std::int64_t>(1, 3));
       return args;
     }},
    {"LevelsRebuildTheDeviceIndex", mesh_and_key},
    {"PrintIsStable", mesh_and_key},
};

}  // namespace

std::span<const LawDraw> mesh_law_draws() {
  return kDraws;
}

const std::vector<NamedLaw>& all_mesh_laws() {
  static const std::vector<NamedLaw> laws{
      {"SliceParticipantsMatchBruteForce",
       [] { assert_drawn_law("SliceParticipantsMatchBruteForce"); }},
      {"ContainsAndProjectMatchBruteForce",
       [] { assert_drawn_law("ContainsAndProjectMatchBruteForce"); }},
      {"FreeMeshProjectionIsExactOrRefused",
       [] { assert_drawn_law("FreeMeshProjectionIsExactOrRefused"); }},
      {"RealSlicesVerifyAndRebuild", [] { assert_drawn_law("RealSlicesVerifyAndRebuild"); }},
      {"ForgedOffsetsAgreeWithBruteForce",
       [] { assert_drawn_law("ForgedOffsetsAgreeWithBruteForce"); }},
      {"ForgedStridesAndExtentsRejected",
       [] { assert_drawn_law("ForgedStridesAndExtentsRejected"); }},
      {"LevelsRebuildTheDeviceIndex", [] { assert_drawn_law("LevelsRebuildTheDeviceIndex"); }},
      {"PrintIsStable", [] { assert_drawn_law("PrintIsStable"); }},
  };
  return laws;
}

}  // namespace tf::fuzz
