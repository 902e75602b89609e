// The cuda-emu backend as the conformance runner and the CLI use it: a TIR module's function run
// as emitted CUDA under the host emulation.
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

}  // namespace tf::cuda
