// verify_prim_function: every rule a TIR PrimFunction must satisfy (seed 002 sections 1.3-2.3),
// collected as diagnostics, each naming its rule id and the IR path of the offending node
// (`double_rows.body[0].body[2].args[1]`).
//
// Design note. The TIR factories check each node locally; the verifier checks what relates one
// node to its function, its scopes and its module. One pre-order walk over the body carries the
// state the rules need: the Vars bound so far, the Vars in scope, the MeshScope stack, and the
// meshes of the parameters' ShardLayouts. Rules, by section:
//  1.3 parameter layouts all ShardLayout or all not (rank-0 parameters carry the fixed empty
//      layout and are not counted: decision, so that the hidden `<param>_shape_<axis>` scalars of
//      a sharded kernel do not make it mixed)                TIR.1.3.VERIFY.param-layouts-mixed
//      a LetStmt / For / MeshScope binds a Var no other binder and no parameter binds
//                      TIR.1.3.VERIFY.fresh-var-let, fresh-var-across-binders,
//                      params-seed-bound-set
//      LetStmt.var.type == infer_type(LetStmt.value)          TIR.1.3.VERIFY.letstmt-typing
//      AllocTensor only directly as a LetStmt value
//                                     TIR.1.3.VERIFY.alloc-only-let-value, alloc-nested-rejected
//      every ShardLayout met in a type or an attribute is over a mesh of the MeshScope stack or
//      of a parameter's ShardLayout (structurally equal, or providing it in the sense of
//      mesh_scope_matches_required_scope, so that axis names do not matter)
//                                                             TIR.1.3.VERIFY.mesh-out-of-scope
//      an Evaluate of a SymbolRef resolves to exactly one PrimFunction of the module, with as
//      many arguments as it has parameters and the SymbolRef typed with its CallableType
//      TIR.1.3.VERIFY.callee-unique (TIR.2.1.SYMREF.name-canonical when only the case differs),
//      callee-arity, callee-type
//      an Evaluate of an op runs the op's verify handler       TIR.1.3.VERIFY.op-verifier-runs
//  1.5 a Sync's mesh is a legal slice of (or equal to) an enclosing MeshScope mesh and maps to
//      one barrier (check_sync_in_scope); named barriers fit in 15 ids per kernel
//      (allocate_named_barriers)                  TIR.1.5.SYNC.*, BARRIER.*, NAMEDBAR.*
//  1.6 DispatchCall: one ShapeOf subject, as many pattern rows as calls, rows of one
//      DimVarRangePat, a fallback of exactly one Abort; the case calls resolve like any
//      Evaluate of a SymbolRef                                TIR.1.6.DISPATCH.verify-*
//  1.8 an Intrinsic statement runs its verify function        TIR.1.8.INTRINSIC.body-is-verifier
//  2.2 ShapeOf reads a parameter of this function, at an axis of its type
//                                      TIR.2.2.SHAPEOF.param-is-function-param, axis-valid
//  2.3 value ops anchored by a LetStmt, effect ops only in Evaluate, no umat and no
//      storage-None tensor above rank 0, no Reshard (nor any HIR op or expression)
//      TIR.2.3.OPS.*; Launch only in a host function, its callee a cuda PrimFunction whose
//      host-visible parameters the forwarded arguments bind, never a hidden shape scalar
//      TIR.2.3.LAUNCH.host-only, callee-device-cuda, no-hidden-shape-args, forwarded-args-order;
//      an Mma with an atom under a MeshScope providing its required scope (check_mma_scope)
//      TIR.2.3.MMAVERIFY.*
// Besides the rules: a Var read outside its binder's scope, a For bound that is not a rank-0
// integer, a stale stored type on a value Call, and an HIR expression are category Type.
//
// Hidden shape parameters (decision). A parameter named `<p>_shape_<k>` of rank-0 integer type,
// where p is a tensor parameter of the same function with an axis k, is the hidden runtime
// extent of seed 002 section 2.2: a Launch's forwarded arguments bind every other parameter,
// in order, and none of them may be a ShapeOf or a Var spelled that way.
#pragma once

#include <vector>

#include "ir/core/module.h"
#include "ir/core/op_handlers.h"
#include "ir/support/diagnostic.h"
#include "ir/tir/prim_function.h"

namespace tf {

/// Every diagnostic of `fn` (header comment); empty when it verifies. `module` resolves
/// SymbolRefs (null: they are not resolved, the seed's `module_fns=()`); `handlers` holds the
/// typeinfer and verify handlers of every op the function uses.
std::vector<Diagnostic> verify_prim_function(const tir::PrimFunction& fn, const Module* module,
                                             const OpHandlers& handlers);

}  // namespace tf
