// The properties of the layout model, each case one law chosen at random (tagged with its name),
// its arguments drawn as the law's gtest draws them, recorded as a law case (`law NAME`,
// docs/tfir.md section 7) that `tf conform` replays through the same check, then checked:
//   layout-laws  the layout algebra (ir/layout/layout_law.h)
//   mesh-laws    meshes, slices real and forged, participants and projections; the barrier a
//                slice maps to and named barrier ids; ShardLayouts (ir/layout/mesh_law.h), a
//                third of the cases each
#pragma once

namespace tf::fuzz {

/// The bodies of the properties (one case each).
void layout_laws_case();
void mesh_laws_case();

}  // namespace tf::fuzz
