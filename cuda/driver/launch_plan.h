// The launches a host entry makes on given buffers, found from the IR before anything is compiled
// or run: the backends check each with the launch validator the machine model uses
// (ir/tir/launch_check.h), so that they refuse the same launches with the same diagnostic, and
// place what a launch reports at its statement.
#pragma once

#include <cstdint>
#include <vector>

#include "ir/core/module.h"
#include "ir/support/result.h"
#include "ir/tir/launch_limits.h"
#include "ir/tir/prim_function.h"
#include "ir/tir/terminators.h"

namespace tf::cuda {

/// One launch of a host entry: its kernel, its shape as the entry computes it from its buffers'
/// extents, and its statement.
struct PlannedLaunch {
  const tir::PrimFunction* kernel = nullptr;
  tir::LaunchShape shape;
  const tir::StmtNode* site = nullptr;
};

/// What a host entry does on given buffers: its launches in order and the Abort it ends at (null
/// when it returns).
struct LaunchPlan {
  std::vector<PlannedLaunch> launches;
  const tir::Abort* abort = nullptr;
};

/// The plan of host entry `entry` of `module` on buffers of extents `shapes` (one per parameter,
/// as the emitted tf_entry_NAME takes them), following a DispatchCall into the variant it takes.
/// Every launch is checked with ir/tir/launch_check.h's validator on the default device.
/// Diagnostics, placed at the launch: an extent the entry cannot compute from the shapes (a zero
/// divisor, an int64 overflow), or the validator's refusal of the first launch it refuses. A
/// statement the emitter does not emit ends the plan (the emitter has refused it already).
Result<LaunchPlan> plan_launches(const Module& module, const tir::PrimFunction& entry, const std::vector<std::vector<std::int64_t>>& shapes);

}  // namespace tf::cuda
