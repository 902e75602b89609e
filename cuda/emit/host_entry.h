// The host side of an emitted module: each kernel's launch shim, and each host prim_func as an
// `extern "C"` entry that launches kernels (extents from the buffers' shapes) and runs
// DispatchCalls as first-match if-chains (emitter.h's design note).
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "ir/support/result.h"
#include "ir/tir/hidden_shape_params.h"
#include "ir/tir/prim_function.h"
#include "lower/launch_target.h"

namespace tf::cuda::detail {

/// What the host entries need to know of each kernel.
struct KernelFacts {
  std::vector<std::string> param_types;  ///< in order: an element pointer's element type, or "" for a hidden extent
  std::vector<std::optional<tir::HiddenShapeSource>> hidden;  ///< per parameter: the extent a hidden one carries
  std::vector<tir::HiddenShapeSource> implicit;               ///< the extra extent scalars after them
  std::int64_t smem = 0, gmem = 0, registers = 0;
  bool cooperative = false;
};

/// `tf_launch_<prefix><name>(grid, block, args...)`: runs kernel `name` under the emulation or on
/// a GPU (`prefix`: cpp_text.h's symbol_prefix of the module's batch namespace, or "").
std::string launch_shim(const std::string& name, const KernelFacts& k, const std::string& prefix);

/// `tf_entry_<prefix><fn>(buffers, shapes)` of host prim_func `fn` over the emitted `kernels`,
/// calling their launch shims and the other entries with the same `prefix`; refused (not emitted
/// yet) for a host statement other than launches, returns and dispatches, and refused with
/// TIR.2.3.LAUNCH.unsupported-config-rejected for a launch configuration `target` does not
/// support (lower/launch_target.h).
Result<std::string> host_entry(const tir::PrimFunction& fn, const std::map<std::string, KernelFacts>& kernels,
                               const std::string& prefix, const lower::CudaTarget& target);

}  // namespace tf::cuda::detail
