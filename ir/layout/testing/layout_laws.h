// The laws of the layout algebra as RapidCheck property bodies over generated static layouts
// (layout_gen.h: ranks 1-4, depth <= 2, extents <= 16, zero and positive strides): a law's body
// draws its arguments with `*gen` (draw_layout_law_arguments) and judges them with the law's
// check of ir/layout/layout_law.h, against brute-force enumeration, failing with the violated
// postcondition. The gtests of ir/layout/test run each as a law (200 cases; 10,000 under label
// fuzz); `tf fuzz --property layout-laws` draws and checks one law per case, chosen at random,
// and writes a failing case as a law case that `tf conform` replays through the same check.
#pragma once

#include <vector>

#include "ir/layout/layout_law.h"
#include "ir/support/testing/named_law.h"

namespace tf::fuzz {

/// The arguments of one case of `law`, drawn (RapidCheck) as its body draws them.
std::vector<LawArgument> draw_layout_law_arguments(const LayoutLaw& law);

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

/// The laws of meshes, slices (real and forged), participants, projections and levels (8; ir/layout/testing/mesh_laws.cpp).
const std::vector<NamedLaw>& all_mesh_laws();
/// The laws of ShardLayouts: construction, local shape, canonical form (5; ir/layout/testing/shard_laws.cpp).
const std::vector<NamedLaw>& all_shard_laws();
/// The laws of the mapping of a mesh slice to a CUDA barrier and named barrier ids (7; ir/layout/testing/barrier_laws.cpp).
const std::vector<NamedLaw>& all_barrier_laws();


}  // namespace tf::fuzz
