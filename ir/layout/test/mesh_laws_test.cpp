// The laws of ir/layout/testing/mesh_laws.cpp (meshes, slices (real and forged), participants, projections and levels) as gtests: 200 cases per law in
// the unit run, 10,000 under label fuzz, through RC_PARAMS.
#include <gtest/gtest.h>

#include "ir/layout/testing/layout_laws.h"
#include "ir/support/testing/law_runner.h"

namespace tf::fuzz {
namespace {

// Runs the law of the table named `name` as the current gtest.
void check_named(const char* name) {
  for (const NamedLaw& l : all_mesh_laws())
    if (std::string_view(l.name) == name) return check_law(l.body);
  FAIL() << "no law " << name;
}

TEST(MeshLaws, SliceParticipantsMatchBruteForce) { check_named("SliceParticipantsMatchBruteForce"); }
TEST(MeshLaws, ContainsAndProjectMatchBruteForce) { check_named("ContainsAndProjectMatchBruteForce"); }
TEST(MeshLaws, FreeMeshProjectionIsExactOrRefused) { check_named("FreeMeshProjectionIsExactOrRefused"); }
TEST(MeshLaws, RealSlicesVerifyAndRebuild) { check_named("RealSlicesVerifyAndRebuild"); }
TEST(MeshLaws, ForgedOffsetsAgreeWithBruteForce) { check_named("ForgedOffsetsAgreeWithBruteForce"); }
TEST(MeshLaws, ForgedStridesAndExtentsRejected) { check_named("ForgedStridesAndExtentsRejected"); }
TEST(MeshLaws, LevelsRebuildTheDeviceIndex) { check_named("LevelsRebuildTheDeviceIndex"); }
TEST(MeshLaws, PrintIsStable) { check_named("PrintIsStable"); }

}  // namespace
}  // namespace tf::fuzz
