// The checks of `tf-gpu-check`, in the order it runs them (docs/cuda-backend.md, "The one-shot
// GPU check"). Each runs within `budget` seconds as well as it can, never throws for what the
// device or a child process does, and returns its StepRecord; a failing step does not stop the
// ones after it.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "cuda/cublas/device.h"
#include "tools/gpu_check/check_context.h"
#include "tools/gpu_check/check_step.h"

namespace tf::gpu_check {

/// 1. The device facts (name, compute capability, driver / runtime / cuBLAS versions) through
/// the CUDA runtime; `facts` receives them when there is a device. Skipped, with
/// device_unavailable()'s reason, when there is none.
StepRecord device_step(std::optional<cublas::DeviceFacts>& facts);

/// 2. `tf conform conformance/cases --at cuda-emu`, then `--at cuda-gpu` over the cases that
/// passed there, each as ctx.jobs processes over a share of the case files. Failed when a case
/// fails or crashes at cuda-gpu; the cases that do not pass at cuda-emu are counted, not run.
StepRecord conformance_step(const CheckContext& ctx, double budget);

/// conformance_step with its levels and cases named: the case files under `cases` at level
/// `first`, then the cases that passed there at level `second` (conformance_step is
/// conformance_levels(ctx, budget, ROOT/conformance/cases, "cuda-emu", "cuda-gpu")). Each
/// process's output and JSON are kept in ctx.out/conform/.
StepRecord conformance_levels(const CheckContext& ctx, double budget, const std::string& cases,
                              const std::string& first, const std::string& second);

/// 3. Every MMA atom of the catalogue: random tiles of the hand-written TIR MMA kernels of
/// conformance/cases/tir (one atom; four warps chaining four) on the GPU against the machine
/// model in each MmaMode, bit for bit; which modes the device matched. Failed when the device
/// does not follow the mode the machine model uses for it (sm90 from compute capability 9.0,
/// else sm80); atoms the backend does not emit are listed as not run.
StepRecord mma_step(const CheckContext& ctx, double budget);

/// 4. The emitted bf16 GEMM (ctx.gemm: 4096 x 4096 x K by the MMA rule, compiled in the background)
/// against cuBLAS and the HIR evaluator on the same inputs, each judged against its bound from the
/// exact result on a sample of rows (three_way.h), and the emitted kernel's time against cuBLAS's.
/// Not run (out of time) when nvcc has not finished within most of the budget.
StepRecord gemm_step(const CheckContext& ctx, double budget);

/// 5. `tf fuzz --property tir-vs-gpu` (and `hir-vs-gpu` when `tf fuzz --list` names it) for the
/// budget, one process each. Failed on a finding.
StepRecord fuzz_step(const CheckContext& ctx, double budget);

/// fuzz_step with its properties named: each of `properties` that `tf fuzz --list` names runs for
/// an equal share of the budget, one process each (findings and fuzz.log under ctx.out/fuzz/NAME/);
/// the others are listed as skipped, "property not built".
StepRecord fuzz_properties(const CheckContext& ctx, double budget, const std::vector<std::string>& properties);

}  // namespace tf::gpu_check
