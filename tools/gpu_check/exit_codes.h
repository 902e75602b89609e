// The exit codes of `tools/gpu-check` and `tf-gpu-check` (docs/cuda-backend.md, "The one-shot GPU
// check"): one meaning each, so that a caller can tell "no GPU here" from "a check failed".
#pragma once

namespace tf::gpu_check {

inline constexpr int kAllPassed = 0;    ///< every check passed (or did not apply)
inline constexpr int kCheckFailed = 1;  ///< a check failed, or did not finish within its time
inline constexpr int kBadUsage = 2;     ///< a bad command line or an unwritable report folder
inline constexpr int kNoDevice = 3;     ///< no CUDA device is visible: everything built, no check ran
inline constexpr int kBuildFailed = 4;  ///< the script's configure or build failed (tools/gpu-check only)

}  // namespace tf::gpu_check
