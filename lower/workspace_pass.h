// ReduceWorkspacePass ("reduce-workspaces"): every Reduce across more than one warp gets a
// shared-memory workspace sized for its cross-warp staging (seed 002: "workspace is present only
// when lowering sizes cross-warp staging").
//
// Design note. A Reduce is across warps when its source is distributed over a thread mesh of
// more than 32 threads and split along a reduced axis (a CTA collective, as the grid rule emits
// for a reduction across rows). Such a Reduce without a workspace becomes
//   let ws = alloc_tensor(tensor_type=Tensor[(W * D,), dtype, storage=smem])
//   reduce(src, dst, ws, axes=..., kind=...)
// W the warps of the mesh, D the elements of dst, dtype dst's: one partial per warp and result
// element, what a CUDA reduction stages between its warp shuffles and its final pass. Each
// Reduce gets its own allocation at its own site, so two Reduces never share one (which would
// race: docs/tir-semantics.md, "Collectives"), and a Reduce in a loop gets a fresh buffer per
// iteration. A Reduce within one warp or one thread, or one that has a workspace, is left alone.
#pragma once

#include "lower/pass_manager.h"

namespace tf::lower {

class ReduceWorkspacePass final : public Pass {
 public:
  std::string_view name() const override { return "reduce-workspaces"; }
  std::string_view summary() const override {
    return "a shared-memory workspace of one partial per warp and result element for each Reduce across warps";
  }
  Result<ModuleRef> run(const ModuleRef& module, const Context& ctx) const override;
};

}  // namespace tf::lower
