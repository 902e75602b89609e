// The laws of the layout model as RapidCheck property bodies: those of the layout algebra over
// generated static layouts (layout_gen.h: ranks 1-4, depth <= 2, extents <= 16, zero and
// positive strides), and those of meshes, barriers and ShardLayouts over generated meshes, slice
// keys, ShardLayouts and their parts (mesh_gen.h, shard_gen.h). A law's body draws its arguments
// with `*gen` (draw_layout_law_arguments, draw_mesh_law_arguments) and judges them with the
// law's check of ir/layout/layout_law.h or mesh_law.h, against brute-force enumeration, failing
// with the violated postcondition. The gtests of ir/layout/test run each as a law (200 cases;
// 10,000 under label fuzz); `tf fuzz --property layout-laws` and `--property mesh-laws` draw and
// check one law per case, chosen at random, and write a failing case as a law case that
// `tf conform` replays through the same check.
#pragma once

#include <vector>

#include "ir/layout/layout_law.h"
#include "ir/support/testing/named_law.h"

namespace tf::fuzz {

/// The arguments of one case of `law`, a law of the layout algebra, drawn (RapidCheck) as its
/// body draws them.
std::vector<LawArgument> draw_layout_law_arguments(const LayoutLaw& law);

/// The arguments of one case of `law`, a mesh, barrier or ShardLayout law
/// (ir/layout/mesh_law.h), drawn (RapidCheck) as its body draws them.
std::vector<LawArgument> draw_mesh_law_arguments(const Law& law);

namespace layout_laws {
void CoordinatesAgreeWithEnumeration();
void InjectivityMatchesEnumeration();
void CoalescePreservesTheFunction();
void ByModeCoalescePreservesModesAndFunction();
void CompositionAgreesWithFunctionComposition();
void CompositionOfArbitraryPairsIsExactOrADiagnostic();
void ComplementIsDisjointAndCompletes();
void ComplementOfArbitraryLayoutsIsExactOrADiagnostic();
void LeftInverseUndoesAnInjectiveLayout();
void LeftInverseOfArbitraryLayoutsIsExactOrADiagnostic();
void RightInverseIsARightInverse();
void LogicalDivideMatchesItsDefinition();
void LogicalDivideOfArbitraryPairsIsExactOrADiagnostic();
void LogicalProductMatchesItsDefinition();
void LogicalProductOfArbitraryPairsIsExactOrADiagnostic();
}  // namespace layout_laws

/// Every law above, in declaration order (the order of layout_laws()).
const std::vector<NamedLaw>& all_layout_laws();

/// The laws of meshes, slices (real and forged), participants, projections and levels (8;
/// ir/layout/testing/mesh_laws.cpp), in the order of mesh_laws() (ir/layout/mesh_law.h).
const std::vector<NamedLaw>& all_mesh_laws();
/// The laws of ShardLayouts: construction, local shape, canonical form (5;
/// ir/layout/testing/shard_laws.cpp), in the order of shard_laws().
const std::vector<NamedLaw>& all_shard_laws();
/// The laws of the mapping of a mesh slice to a CUDA barrier and named barrier ids (7;
/// ir/layout/testing/barrier_laws.cpp), in the order of barrier_laws().
const std::vector<NamedLaw>& all_barrier_laws();


}  // namespace tf::fuzz
