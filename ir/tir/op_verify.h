// The verify handlers of the TIR effect ops (seed 002 section 2.3): every rule that can be
// judged from one Call. register_tir_ops installs them; the TIR verifier runs them on every
// Evaluate of an op (TIR.1.3.VERIFY.op-verifier-runs). Rules that need the enclosing scope are
// not here: Mma's required scope (mma_scope.h), Sync's legality against the enclosing meshes
// (sync.h) and Launch's host-only placement and callee resolution (the verifier's).
//
// Shared conventions: every operand is a tensor; a destination written by the op must live in
// memory (a concrete storage level, never umat: TIR.2.3.OPS.no-umat, none-storage-rank0-only).
//  - copy(source, destination): same dtype and shape (a byte-equivalent copy).
//  - fill(tensor, value): value rank 0 (TIR.2.3.MEMORY.fill-rank0-value).
//  - relu(src, dst), unary(src, dst, kind): same dtype and shape. kind is an EnumAttr of the
//    HIR UnaryKind space (TIR.2.3.ARITH.shared-kind-enums), which the Call's binding checks, so
//    no handler reads a spelling (likewise Binary's BinaryKind and Reduce's ReduceKind).
//  - binary(lhs, rhs, dst, kind): dst in memory.
//  - rms_norm(src, dst, weight, eps): src and dst same dtype and shape, rank >= 1; weight 1-D
//    (TIR.2.3.NN.rmsnorm-weight-1d), its extent src's last when both are static; eps >= 0.
//  - reduce(src, dst, workspace, axes, kind): axes distinct,
//    in [0, rank); workspace the no_workspace() sentinel or a memory tensor (tir_ops.h).
//  - mma(acc, lhs, rhs, atom): with an atom, acc.layout == atom.C, lhs.layout == atom.A,
//    rhs.layout == atom.B (TIR.2.3.MMAVERIFY.acc-layout, lhs-layout, rhs-layout) and the
//    operand dtypes are the instruction's; without one, nothing more (the bare-Mma path).
//  - launch(args..., cluster, dynamic_smem, stream, attrs): see launch.h.
//  - sync(mesh): the mesh maps to one barrier (classify_barrier, barrier.h).
//  - copy_async(source, destination): source gmem, destination smem
//    (TIR.2.3.ASYNC.copyasync-gmem-to-smem), same dtype and shape.
//  - cp_async_commit(): nothing to check. cp_async_wait(n): n >= 0
//    (TIR.2.3.ASYNC.wait-non-negative).
#pragma once

#include <vector>

#include "ir/core/call.h"
#include "ir/support/diagnostic.h"

namespace tf::tir {

std::vector<Diagnostic> verify_copy(const Call& call);
std::vector<Diagnostic> verify_fill(const Call& call);
std::vector<Diagnostic> verify_mma(const Call& call);
std::vector<Diagnostic> verify_relu(const Call& call);
std::vector<Diagnostic> verify_rms_norm(const Call& call);
std::vector<Diagnostic> verify_reduce(const Call& call);
std::vector<Diagnostic> verify_binary(const Call& call);
std::vector<Diagnostic> verify_unary(const Call& call);
std::vector<Diagnostic> verify_launch(const Call& call);
std::vector<Diagnostic> verify_sync(const Call& call);
std::vector<Diagnostic> verify_copy_async(const Call& call);
std::vector<Diagnostic> verify_cp_async_commit(const Call& call);
std::vector<Diagnostic> verify_cp_async_wait(const Call& call);

}  // namespace tf::tir
