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
#include "lower/launch_target.h"

namespace tf::cuda {

/// How a module is emitted.
struct EmitOptions {
  /// "" (the default): a translation unit of its own, which includes the runtime. Otherwise a
  /// batch namespace (cpp_text.h's batch_namespace, `tf_b<k>`; anything else is refused as an
  /// internal error): the module's body for a batch translation unit that includes the runtime
  /// once and holds several modules (cuda/driver/emu_batch.h). The body has no #include, sits in
  /// `namespace <ns> { ... }`, and its extern "C" symbols carry the prefix `<ns>_`
  /// (`tf_launch_<ns>_<kernel>`, `tf_entry_<ns>_<entry>`), since C linkage ignores namespaces.
  /// Everything else is the text of the plain emission, byte for byte.
  std::string symbol_namespace;
  /// The CUDA target the host entries' launches are checked against (seed 002 section 2.3: a
  /// cluster or launch attribute the target does not support is refused,
  /// TIR.2.3.LAUNCH.unsupported-config-rejected); sm_90 unless the caller knows its device.
  lower::CudaTarget target;
};

/// The translation unit of every function of `module` (verified TIR; see above), or with
/// `options.symbol_namespace` the namespaced body of one (EmitOptions).
Result<std::string> emit_module(const Module& module, const EmitOptions& options = {});

}  // namespace tf::cuda
