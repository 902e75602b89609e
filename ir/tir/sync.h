// Sync (tir.sync.Sync, seed 002 section 1.5): the helpers verify and codegen share.
//
// A Sync is an effect op with no operands and one attribute, the (possibly sliced) mesh it
// synchronizes (TIR.1.5.SYNC.mesh-attribute); it appears in Stmt position as Evaluate
// (TIR.1.5.SYNC.effect-op). Which barrier it becomes is decided by the one classifier of
// ir/layout/barrier.h (TIR.1.5.SYNC.shared-classifier); these wrappers read the mesh off a Call
// or an Evaluate so that no caller re-derives it. The op's verify handler (op_verify.h) checks
// what the mesh alone decides (classify_barrier); the verifier adds the scope check,
// check_sync_in_scope, with the meshes of the enclosing MeshScopes.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "ir/core/call.h"
#include "ir/layout/barrier.h"
#include "ir/layout/mesh.h"
#include "ir/support/result.h"
#include "ir/tir/evaluate.h"

namespace tf::tir {

/// True when `e` is an Evaluate of tir.sync.Sync.
bool is_sync(const Evaluate& e);
/// The mesh of a Sync Call (precondition, TF_CHECK: the op is tir.sync.Sync with a mesh).
const Mesh& sync_mesh(const Call& sync);
/// classify_barrier of the Sync's mesh: the barrier it maps to, or the one diagnostic naming
/// the rule that rejects it.
Result<BarrierClass> classify_sync(const Call& sync);
/// Sync legality under the enclosing MeshScope meshes (outermost first): the mesh is the
/// constant slice of (or equal to) an enclosing mesh (verify_mesh_in_scope,
/// mesh_slice_verify.h), and it maps to one barrier (classify_sync). Empty when legal.
std::vector<Diagnostic> check_sync_in_scope(const Call& sync, const std::vector<Mesh>& enclosing);

/// How the program names `m` through its enclosing MeshScopes (meshes and binding names,
/// outermost first): `b` for an enclosing mesh itself, `b[:, 0:16]` for a constant slice of one,
/// the innermost that fits; nullopt when none does.
std::optional<std::string> scope_spelling(const Mesh& m, const std::vector<Mesh>& scopes,
                                          const std::vector<std::string>& names);

/// `d` naming the sync over `m` as `sync(spelling)` instead of the tfir spelling of the mesh
/// (sync_text, as classify_barrier's messages start).
void respell_sync(Diagnostic& d, const Mesh& m, const std::string& spelling);

}  // namespace tf::tir
