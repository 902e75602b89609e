// cuda/emit: verified TIR to one CUDA C++ translation unit, which compiles with nvcc for a GPU
// and with g++ against the host emulation (cuda/emu), on the runtime of cuda/runtime.
//
// Design note. The source is written for a person to read beside the tfir: each kernel is a
// TF_GLOBAL function whose statements follow the TIR ones, one line each with the tfir statement
// in a comment. A tensor is a tf_rt::View (cuda/runtime/view.h): parameters row-major views of
// their pointers, register tensors local arrays (a distributed one holds only its box), shared
// tensors slices of the CTA's arena, global allocations slices of a per-launch workspace; a
// MeshScope is `if (position.in)` on the thread's precomputed position in that mesh. Each kernel
// has an extern "C" launch shim (`tf_launch_<kernel>`) that runs it under the emulation or
// launches it on a GPU, and each host entry an
// `extern "C" const char* tf_entry_<name>(void* const* buffers, const std::int64_t* const* shapes)`
// taking the entry's parameters' buffers in order and returning null, or what went wrong. What
// the emitter does not emit yet is refused with a diagnostic naming the construct and its
// place, never emitted approximately.
#pragma once

#include <string>

#include "ir/core/module.h"
#include "ir/support/result.h"

namespace tf::cuda {

/// The translation unit of every function of `module` (verified TIR; see above).
Result<std::string> emit_module(const Module& module);

}  // namespace tf::cuda
