// The properties of the layout model, each case one law chosen at random (tagged with its name):
//   layout-laws  the layout algebra (ir/layout/testing/layout_laws.cpp)
//   mesh-laws    meshes, slices real and forged, participants and projections; the barrier a
//                slice maps to and named barrier ids; ShardLayouts (mesh_laws.cpp,
//                barrier_laws.cpp, shard_laws.cpp), a third of the cases each
#pragma once

namespace tf::fuzz {

/// The bodies of the properties (one case each).
void layout_laws_case();
void mesh_laws_case();

}  // namespace tf::fuzz
