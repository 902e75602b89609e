// The backends as the conformance runner and the CLI use them: a TIR module's function run as
// emitted CUDA under the host emulation (cuda-emu) or on a GPU (cuda-gpu).
#pragma once

#include <string>
#include <vector>

#include "eval/value/tensor.h"
#include "ir/core/context.h"
#include "ir/core/module.h"

namespace tf::cuda {

/// Runs `function` of verified TIR `module` on the emulation: a host entry as it is, a device
/// function through the launch lower/'s host-entry pass gives it (its implicit geometry). The
/// module is emitted (cuda/emit) and compiled once per distinct source in this process. `inputs`
/// are the function's visible inputs and `outputs` its outputs, allocated with their dtypes and
/// shapes by the caller and written here. Diagnostics: what the emitter does not emit yet, a
/// compiler failure (internal), what the launch reported (a deadlock, a trap).
Result<bool> run_emulated(const Module& module, const std::string& function, const Context& ctx,
                          std::vector<eval::Tensor>& inputs, std::vector<eval::Tensor>& outputs);

/// The translation unit run_emulated and run_on_gpu compile for `function` (its host entry and
/// every kernel it launches), or why it is not emitted.
Result<std::string> emitted_source(const Module& module, const std::string& function, const Context& ctx);

/// True when this build can compile for a GPU (nvcc was found at configure time).
bool gpu_backend_built();

/// The number of CUDA devices visible to an emitted module (0 without a device, a driver, or
/// gpu_backend_built()); the first call compiles a small probe module (seconds).
int gpu_devices();

/// run_emulated's contract on a GPU: the same source compiled by nvcc into a loaded module, the
/// buffers moved to the device and back. Diagnostic (Eval) when no device is visible.
Result<bool> run_on_gpu(const Module& module, const std::string& function, const Context& ctx,
                        std::vector<eval::Tensor>& inputs, std::vector<eval::Tensor>& outputs);

}  // namespace tf::cuda
