// The CUDA target a host entry is lowered for, and target lowering's check of a Launch's
// non-geometry configuration against it (seed 002 section 2.3, Launch: "A cluster / stream /
// attrs value the active CUDA target does not support MUST be rejected in target lowering",
// TIR.2.3.LAUNCH.unsupported-config-rejected).
//
// Design note. What a target supports, by compute capability (CUDA 13 programming guide):
//  - cluster: thread-block clusters exist from sm_90; at most 8 blocks per cluster (the
//    portable limit; larger clusters need an opt-in this project does not issue);
//  - Cooperative (grid-wide cooperative launch): every target of the project (sm_80 and up);
//  - ProgrammaticStreamSerialization and ClusterSchedulingPolicyPreference: from sm_90;
//  - Priority: every target;
//  - a value of the attribute must be 0 or 1 for the boolean selectors, any int for Priority;
//  - stream: a named host handle is always supported (the entry receives it).
// The Launch op's own verify (ir/tir) already checks shapes and ranges that hold for every
// target; this is the target-dependent remainder.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ir/core/call.h"
#include "ir/support/diagnostic.h"

namespace tf::lower {

/// A CUDA compute capability, e.g. {8, 0} for sm_80, {9, 0} for sm_90.
struct CudaTarget {
  int major = 9;
  int minor = 0;
  /// "sm_90".
  std::string name() const;
};

/// The target `sm_XY` (or `sm_XYZ`, with an optional `a` or `f` suffix: sm_90a, sm_120) names:
/// major XY's leading digits, minor its last; nullopt for any other spelling.
std::optional<CudaTarget> parse_cuda_target(std::string_view name);

/// Every diagnostic (rule TIR.2.3.LAUNCH.unsupported-config-rejected) for a tir.Launch Call
/// whose cluster or attrs `target` does not support; empty when it is supported.
/// Precondition (TF_CHECK): `launch` is a tir.Launch Call.
std::vector<Diagnostic> check_launch_for_target(const Call& launch, const CudaTarget& target);

}  // namespace tf::lower
