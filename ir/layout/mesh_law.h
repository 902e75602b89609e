// The 20 mesh laws as checks of given arguments (layout_law.h): the record, the verdict and the
// lookup are those of the layout laws; `tf fuzz --property mesh-laws` draws one per case
// (ir/layout/testing/mesh_laws.cpp, barrier_laws.cpp, shard_laws.cpp) and writes a failing case
// as a law case that `tf conform` replays through the same check.
//
// Design note. Each law's parameters are what its RapidCheck body draws, in draw order, so a
// case is its arguments and nothing else:
//   meshes and slices (mesh_law.cpp), against mesh_enumeration.h:
//     SliceParticipantsMatchBruteForce, ContainsAndProjectMatchBruteForce,
//     RealSlicesVerifyAndRebuild, LevelsRebuildTheDeviceIndex, PrintIsStable     M, key
//     FreeMeshProjectionIsExactOrRefused                                          M
//     ForgedOffsetsAgreeWithBruteForce                                            M, key, offset
//     ForgedStridesAndExtentsRejected                     M, key, axis, bump_stride, amount
//   barriers (barrier_law.cpp), against a literal reading of the seed 002 section 1.5 table:
//     ThreadSlicesFollowTheTable, CtaMeshesAreTheGridOrRejected                   M, key, whole
//     WarpRangesFollowTheTable                                                    M, key
//     FreeMeshesFollowTheTable, OtherTopologiesAreRejected                        M
//     OnlyParticipantsExecuteAndAllTheSameInstruction                             M, key, id
//     NamedBarrierIdsAreFirstUseOrder                                             sites
//   ShardLayouts (shard_law.cpp), against shard_enumeration.h:
//     ConstructionAcceptsExactlyTheInjectiveOwnershipMaps,
//     ConstructionRefusesExactlyTheIndivisibleBindings                            C (parts)
//     LocalShapeIsWhatOneParticipantOwns                                          S
//     CanonicalShardLayoutIsIdempotent, CanonicalShardLayoutPreservesOwnership   logical, M, attrs
// M is the parent mesh and key its slice key as drawn (the law slices it itself: a key's
// spelling is part of the case), whole says the barrier laws judge M rather than M[key], and
// a mesh the CTA law judges is already named "cta". Two laws refuse what their checks cannot
// judge: ForgedStridesAndExtentsRejected an axis outside M, and
// OnlyParticipantsExecuteAndAllTheSameInstruction a slice that maps to no barrier (its body
// discards those cases).
#pragma once

#include <vector>

#include "ir/layout/layout_law.h"

namespace tf {

/// The 8 laws of meshes, slices (real and forged), participants, projections and levels, in the
/// order of ir/layout/testing's all_mesh_laws().
const std::vector<Law>& mesh_laws();

/// The 7 laws of the mapping of a mesh slice to a CUDA barrier and of named barrier ids, in the
/// order of all_barrier_laws().
const std::vector<Law>& barrier_laws();

/// The 5 laws of ShardLayouts (construction, local shape, canonical form), in the order of
/// all_shard_laws().
const std::vector<Law>& shard_laws();

}  // namespace tf
