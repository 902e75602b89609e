// The one launch validator: what the TIR machine model (eval/tir) and every CUDA backend
// (cuda/driver, before anything is compiled or run) refuse, with the same diagnostic for the same
// launch. It adds to CUDA's limits on a launch's shape (launch_limits.h) what needs the kernel's
// IR: its meshes must fit the launch, and a grid barrier needs every CTA resident at once.
#pragma once

#include <cstdint>
#include <optional>

#include "ir/core/module.h"
#include "ir/support/diagnostic.h"
#include "ir/tir/launch_limits.h"
#include "ir/tir/prim_function.h"

namespace tf::tir {

/// The device a launch must fit beyond CUDA's fixed limits: how many CTAs can be resident at once
/// (a grid barrier waits for every CTA of its launch) and how much dynamic shared memory a block
/// may ask for. The defaults are an H200's (sm_90).
struct DeviceModel {
  std::int64_t sms = 132;                ///< multiprocessors
  std::int64_t max_threads_per_sm = 2048;
  std::int64_t max_ctas_per_sm = 32;
  std::int64_t max_dynamic_smem = kMaxDynamicSmemBytes;  ///< bytes a block may ask for
};

/// True when `fn` has a Sync over a cta mesh (the grid barrier): a launch of it keeps every CTA
/// live at once.
bool uses_grid_barrier(const PrimFunction& fn);

/// Why a launch of device function `kernel` of `module` with `shape` cannot run, placed at `at`
/// (unknown for an implicit launch: then at the kernel), or nullopt when it can. Checked in this
/// order:
///  - launch_shape_refusal's limits, with `device.max_dynamic_smem` (category Eval):
///    "launch of @k: <why>";
///  - a mesh the kernel's geometry reads (launch_geometry.h's for_each_launch_mesh, in the
///    kernel and the device functions it calls) with a level larger than the launch dimension it
///    tiles, cta levels the grid's CTAs, the others the block's threads (category Eval);
///  - a grid barrier (uses_grid_barrier) in a launch of more CTAs than `device` holds at once:
///    undefined behaviour, rule id ub.grid-not-co-resident.
std::optional<Diagnostic> check_launch(const Module& module, const PrimFunction& kernel, const LaunchShape& shape,
                                       const SourceLocation& at, const DeviceModel& device = {});

}  // namespace tf::tir
