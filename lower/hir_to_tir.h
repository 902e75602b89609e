// HirToTirPass: every HIR function of a module becomes a CUDA kernel (docs/lowering.md); the
// host-entry pass then gives it a host entry with the function's name and parameters.
//
// Design note. For `func f(x, y) -> T { ... }` the pass emits
//   prim_func f_kernel(x, y, [x_shape_0, ...,] out) outputs=1 target=cuda { with M as p { <the body> } }
// so that, after host-entry, `tf eval` of the lowered `f` takes exactly the inputs (and --dims)
// of the HIR `f`. Outputs are trailing parameters, one per returned value (`out`, or `out0`,
// `out1`, ... for a tuple), of the returned types without layout, in gmem; the body ends with a
// Copy of each returned value into its output. Before the outputs come the hidden extent
// scalars `<p>_shape_<k>` (rank-0 i64) of every symbolic axis of the tensors, which a launch
// fills from the tensors and the CUDA emitter reads; the machine model binds DimVars itself.
// Rules, one conversion pattern per HIR op (lower_rules.h, lowering_pattern.h), map each HIR op
// to TIR under the strategy chosen for the function (strategy.h). Under the serial rule a
// function whose values carry no ShardLayout runs in one thread of one CTA (mesh
// `lower_serial`) and each op becomes one TIR effect op on whole register tensors: every element
// is computed exactly as the HIR evaluator does (the same handlers on the same operands, one
// thread, no accumulation order changed), the baseline every parallel rule is checked against.
// Under the grid rule (grid_plan.h) a function computed row by row runs the same op rules on G
// CTAs of T threads, each owning k consecutive rows (an elementwise function's rows are its
// elements), and thread 0 of CTA 0 computes the tail. Anything without a rule is refused with a
// diagnostic at its binding; nothing is lowered approximately.
// Functions that are not HIR pass through unchanged; a dispatch prototype becomes a host
// dispatcher over its variants' entries (dispatcher.h).
#pragma once

#include "lower/pass_manager.h"
#include "lower/strategy.h"

namespace tf::lower {

class HirToTirPass final : public Pass {
 public:
  /// `mma_atom`: a bf16 matmul of tile shapes lowers on the SM80 atom (mma_rule.h), the pass
  /// `hir-to-tir-mma`, which the default pipeline leaves out: the atom rounds its f32
  /// accumulator after every 16-deep step, so its result may differ from HIR's single rounding
  /// in the last bit, which the level `lowered` (exact) cannot judge yet.
  explicit HirToTirPass(bool mma_atom = false) : mma_atom_(mma_atom) {}
  std::string_view name() const override { return mma_atom_ ? "hir-to-tir-mma" : "hir-to-tir"; }
  std::string_view summary() const override {
    return mma_atom_ ? "hir-to-tir, with bf16 matmul tiles on the SM80 MMA atom (not in the default pipeline: rounds per 16-deep step)"
                     : "every HIR function becomes a CUDA kernel NAME_kernel (serial, or spread over a grid of CTAs and threads), a dispatch prototype a host DispatchCall";
  }
  bool in_default_pipeline() const override { return !mma_atom_; }
  Result<ModuleRef> run(const ModuleRef& module, const Context& ctx) const override;

 private:
  bool mma_atom_;
};

/// The strategy of every HIR function of `module` with a body (prototypes are dispatchers, not
/// kernels), in module order, as the hir-to-tir pass (`mma_atom`: hir-to-tir-mma) lowers it (a grid's rows a
/// thread cut to kGridThreadBytes), or, for a body that does not lower, as it plans it.
/// Diagnostics: a function whose values the lowering refuses before choosing (its returned
/// values are not tensors, a ShardLayout no strategy places).
Result<std::vector<FunctionStrategy>> explain_strategies(const Module& module, const Context& ctx, bool mma_atom);

/// The mesh of the serial rule: one CTA of one thread, `lower_serial` in printed modules.
const Mesh& serial_mesh();

}  // namespace tf::lower
