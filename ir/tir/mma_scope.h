// The scope check of an MMA atom (seed 002 section 2.3, "Verify"): does an enclosing mesh
// provide the thread scope the atom requires?
//
// mesh_scope_matches_required_scope(scope, required) holds iff all four conditions hold, tested
// in this order (the first failure is reported, naming its rule):
//   1. same program topology level: the two meshes' topology names agree level by level (a cta
//      scope is never a thread scope, whatever its layout)   TIR.2.3.MMAVERIFY.same-topology-level
//   2. both topology domains are statically known             TIR.2.3.MMAVERIFY.static-domains
//   3. each mesh is self-consistent (topology domain == size of its axes layout), and the
//      enclosing mesh is inverse-projectable (mesh_projection.h)
//                                        TIR.2.3.MMAVERIFY.self-consistent / inverse-projectable
//   4. the thread-value decomposition matches exactly: the same axes shape and strides; a flat
//      (rank-1) lane layout against a multi-axis requirement cannot host the fragment Splits
//                               TIR.2.3.MMAVERIFY.flat-lane-rejected / exact-decomposition
// The match is independent of object identity, of the binding Var's name and of the axis
// names (TIR.2.3.MMAVERIFY.identity-independent, name-independent): only topology names,
// extents and the axes layout are compared. check_mma_scope asks it of every mesh on the
// active MeshScope stack (TIR.2.3.MMAVERIFY.scope-any-on-stack).
#pragma once

#include <vector>

#include "ir/layout/mesh.h"
#include "ir/support/diagnostic.h"
#include "ir/tir/mma_atom.h"

namespace tf::tir {

/// Why `scope` does not provide `required` (one diagnostic naming the failed condition's rule),
/// or empty when it does.
std::vector<Diagnostic> scope_mismatch(const Mesh& scope, const Mesh& required);
/// True when `scope` provides `required` (scope_mismatch is empty).
bool mesh_scope_matches_required_scope(const Mesh& scope, const Mesh& required);
/// Empty when some mesh of `scope_stack` (outermost first) provides atom.required_scope();
/// otherwise a TIR.2.3.MMAVERIFY.scope-required diagnostic, with a note per mesh on the stack
/// saying why it does not match (the innermost mesh's reason also as its own diagnostic).
std::vector<Diagnostic> check_mma_scope(const MmaAtom& atom, const std::vector<Mesh>& scope_stack);

}  // namespace tf::tir
