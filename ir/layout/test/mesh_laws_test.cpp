// The laws of ir/layout/testing/mesh_laws.cpp (meshes, slices (real and forged), participants,
// projections and levels) as gtests: 200 cases per law in the unit run, 10,000 under label fuzz,
// through RC_PARAMS.
#include <gtest/gtest.h>

#include "ir/layout/testing/layout_laws.h"
#include "ir/support/testing/law_runner.h"

namespace tf::fuzz {
namespace {

TEST(MeshLaws, SliceParticipantsMatchBruteForce) { check_named_law(all_mesh_laws(), "SliceParticipantsMatchBruteForce"); }
TEST(MeshLaws, ContainsAndProjectMatchBruteForce) { check_named_law(all_mesh_laws(), "ContainsAndProjectMatchBruteForce"); }
TEST(MeshLaws, FreeMeshProjectionIsExactOrRefused) { check_named_law(all_mesh_laws(), "FreeMeshProjectionIsExactOrRefused"); }
TEST(MeshLaws, RealSlicesVerifyAndRebuild) { check_named_law(all_mesh_laws(), "RealSlicesVerifyAndRebuild"); }
TEST(MeshLaws, ForgedOffsetsAgreeWithBruteForce) { check_named_law(all_mesh_laws(), "ForgedOffsetsAgreeWithBruteForce"); }
TEST(MeshLaws, ForgedStridesAndExtentsRejected) { check_named_law(all_mesh_laws(), "ForgedStridesAndExtentsRejected"); }
TEST(MeshLaws, LevelsRebuildTheDeviceIndex) { check_named_law(all_mesh_laws(), "LevelsRebuildTheDeviceIndex"); }
TEST(MeshLaws, PrintIsStable) { check_named_law(all_mesh_laws(), "PrintIsStable"); }

}  // namespace
}  // namespace tf::fuzz
