// The launch configuration of tir.Launch (seed 002 section 2.3, "Launch").
//
// Design note. Launch is the effect op of a host entry that launches a device kernel:
//   Evaluate(Launch(...), (SymbolRef(callee), grid_x, grid_y, grid_z, block_x, block_y,
//                          block_z, *forwarded_args))
// The operands are one variadic list in that fixed order (TIR.2.3.LAUNCH.arg-order); the rest
// of the configuration are attributes (TIR.2.3.LAUNCH.attr-defaults):
//   cluster       int tuple or None (default None): cluster extents, 1 to 3 entries >= 1
//   dynamic_smem  int (default 0): dynamic shared-memory bytes, >= 0
//   stream        string or None (default None): the name of the host stream handle the
//                 generated entry launches on; None is the default stream. Decision: a stream
//                 is a host-side handle the entry receives, not an IR value, so the IR records
//                 the name of that handle (an identifier) and target lowering binds it.
//   attrs         int tuple (default ()): LaunchAttrs, its (selector, value) entries flattened
//                 to (s0, v0, s1, v1, ...), each selector a CudaLaunchAttr value
//                 (TIR.2.3.LAUNCH.launchattrs-entries).
// Geometry is not part of the schema (TIR.2.3.LAUNCH.geometry-not-schema): grid and block are
// operands, never attributes. CudaLaunchAttr is a closed integer enum with CUDA's
// cudaLaunchAttributeID values; there is no API to add selectors
// (TIR.2.3.LAUNCH.cudalaunchattr-selector). Which values a target supports is target
// lowering's question (TIR.2.3.LAUNCH.unsupported-config-rejected).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>
#include <utility>
#include <vector>

#include "ir/support/result.h"

namespace tf::tir {

/// The authored selectors of CUDA launch attributes (values of cudaLaunchAttributeID).
/// (cuda_launch_attrs.def)
enum class CudaLaunchAttr : std::int64_t {
#define TF_CUDA_LAUNCH_ATTR(E, value, spelling) E = value,
#include "ir/tir/cuda_launch_attrs.def"
};

/// Every CudaLaunchAttr, in value order.
inline constexpr CudaLaunchAttr kAllCudaLaunchAttrs[] = {
#define TF_CUDA_LAUNCH_ATTR(E, value, spelling) CudaLaunchAttr::E,
#include "ir/tir/cuda_launch_attrs.def"
};

/// The selector's spelling ("cooperative", "priority", ...).
std::string_view cuda_launch_attr_name(CudaLaunchAttr a);
/// The selector with integer value `value`, if any.
std::optional<CudaLaunchAttr> cuda_launch_attr_from_value(std::int64_t value);

/// Authored launch attribute selector / value pairs.
struct LaunchAttrs {
  std::vector<std::pair<CudaLaunchAttr, std::int64_t>> entries;  ///< () by default

  /// The `attrs` attribute value: (s0, v0, s1, v1, ...).
  std::vector<std::int64_t> flatten() const;
  /// The inverse of flatten. Diagnostic (category Type) for an odd length or an unknown
  /// selector value.
  static Result<LaunchAttrs> from_flat(const std::vector<std::int64_t>& flat);

  friend bool operator==(const LaunchAttrs&, const LaunchAttrs&) = default;
};

/// The number of leading Launch operands before the forwarded arguments: the callee and the six
/// grid / block extents.
inline constexpr std::size_t kLaunchConfigOperands = 7;

}  // namespace tf::tir
