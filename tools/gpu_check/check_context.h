// What every step of the GPU check works with: where things are, the device, the cores, and how
// it reports progress.
#pragma once

#include <functional>
#include <string>
#include <string_view>

#include "cuda/cublas/device.h"

namespace tf::gpu_check {

class GemmPrefetch;

/// The check's fixed facts, set up once by main.cpp.
struct CheckContext {
  std::string root;              ///< the repository root (conformance/cases, conformance/rules.tsv)
  std::string tf;                ///< the `tf` binary the subprocess steps run
  std::string out;               ///< the report folder (each step may write a subfolder)
  std::string nvcc;              ///< nvcc, as this build found it ("" when none)
  int jobs = 1;                  ///< child processes run at once (the cores)
  cublas::DeviceFacts device;    ///< the device the checks run on
  GemmPrefetch* gemm = nullptr;  ///< step 4's kernel, compiling since the device was found (gemm_kernel.h)
  /// A progress line on stderr ("gpu-check: ..." is added).
  std::function<void(std::string_view)> progress;
};

}  // namespace tf::gpu_check
