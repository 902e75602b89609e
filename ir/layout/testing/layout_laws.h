// The laws of the layout algebra as RapidCheck property bodies over generated static layouts
// (layout_gen.h: ranks 1-4, depth <= 2, extents <= 16, zero and positive strides), each checked
// against brute-force enumeration (layout_oracle.h, algebra_checks.h): a law's body draws its
// layouts with `*gen` and asserts with RC_ASSERT. The gtests of ir/layout/test run each as a
// law (200 cases; 10,000 under label fuzz); `tf fuzz --property layout-laws` runs one law per
// case, chosen at random.
#pragma once

#include <vector>

#include "ir/support/testing/named_law.h"

namespace tf::fuzz {

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

/// Every law above, in declaration order.
const std::vector<NamedLaw>& all_layout_laws();

/// The laws of meshes, slices (real and forged), participants, projections and levels (8; ir/layout/testing/mesh_laws.cpp).
const std::vector<NamedLaw>& all_mesh_laws();
/// The laws of ShardLayouts: construction, local shape, canonical form (5; ir/layout/testing/shard_laws.cpp).
const std::vector<NamedLaw>& all_shard_laws();
/// The laws of the mapping of a mesh slice to a CUDA barrier and named barrier ids (7; ir/layout/testing/barrier_laws.cpp).
const std::vector<NamedLaw>& all_barrier_laws();


}  // namespace tf::fuzz
