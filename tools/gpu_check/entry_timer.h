// Timing an emitted module's host entry on the GPU: its launches only, on buffers already on the
// device, so that the time compares with cuBLAS's GEMM time (cuda/cublas/gemm_timing.h).
//
// Design note. cuda/driver's GpuModule::run copies the buffers to the device and back around the
// entry, which would time the PCIe copies. Here the module's own device-memory helpers
// (cuda/runtime/gpu_memory.h) place the buffers once, and the host entry is called `repeats` times
// after one untimed call; the host clock spans the calls. Each launch in an entry ends with
// cudaDeviceSynchronize (cuda/runtime/launch.h), so the time is the kernels' plus a launch and a
// synchronization per call (microseconds against a GEMM's milliseconds). The buffer handling
// repeats GpuModule::run's; a GpuModule::run that reported the entry's own time would replace
// this file.
#pragma once

#include <string>
#include <vector>

#include "cuda/driver/loaded_library.h"
#include "eval/value/tensor.h"
#include "ir/support/result.h"

namespace tf::gpu_check {

/// Wall milliseconds per call of host entry `entry` of the GPU module `library` on `buffers`
/// (inputs then outputs, their contents uploaded once), over `repeats` calls after a warm-up
/// call. Diagnostics: no device, an allocation or copy that fails, or the entry's own error.
Result<double> time_gpu_entry(const cuda::LoadedLibrary& library, const std::string& entry,
                              const std::vector<eval::Tensor>& buffers, int repeats);

}  // namespace tf::gpu_check
