// Compiling many emitted modules at once, for the emulation (g++) or a GPU (nvcc): one
// translation unit that includes the runtime once (for the emulation through the precompiled
// header, as a single module does) and then each module's namespaced body (cuda/emit/emitter.h's
// EmitOptions), compiled by one compiler run into one shared object, loaded once and shared by
// the members' modules.
//
// Design note. A compiler's fixed cost (starting, reading the runtime, linking) is most of a small
// module's compile, so a batch of N costs far less than N compiles. A member's body lives in
// `namespace tf_b<k>` and its extern "C" symbols carry `tf_b<k>_`, k its index in the batch, so
// the members never share a symbol however their functions are named. The emitted text is the
// same for both backends (a GPU module is the emulation's source compiled by nvcc), so a body is
// made once and either compiler takes it. A batch that does not compile (a member the emitter got
// wrong, the compiler killed) falls back by halves: each half is compiled as a batch of its own,
// down to members alone, which are left for their runs to compile one at a time (exactly as
// without a batch: their diagnostic is today's, their folder kept for reading). A batch that fails
// for want of a scratch folder is not halved: every member is left. A member that does not compile
// thus costs about two batch compiles per halving, and never keeps the others from running.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "cuda/driver/emu_module.h"
#include "cuda/driver/gpu_module.h"
#include "cuda/driver/loaded_library.h"
#include "ir/core/module.h"
#include "ir/support/result.h"

namespace tf::cuda {

/// One member of a batch: its namespaced body, the prefix of its extern "C" symbols, and the
/// host entry its run calls (checked present once loaded).
struct BatchBody {
  std::string text;
  std::string prefix;
  std::string entry;
};

/// The body of `module` (verified TIR with its host entries) as the `k`-th member of a batch,
/// for a run of host entry `entry`; emit_module's diagnostics.
Result<BatchBody> batch_body(const Module& module, const std::string& entry, std::size_t k);

/// The translation unit of `bodies`: the runtime's #include, then each body in order.
std::string batch_unit(const std::vector<const BatchBody*>& bodies);

/// What a batch compile made, for modules of type `M` (EmuModule, GpuModule).
template <typename M>
struct ModuleBatch {
  /// Per body, in order: its module in a loaded batch, or null when it is left for its run to
  /// compile alone (its batch and every smaller batch holding it failed).
  std::vector<std::unique_ptr<M>> modules;
  std::size_t libraries = 0;  ///< the shared objects loaded (1 when the whole batch compiled)
  std::size_t failures = 0;   ///< the batch compiles that failed (each halved)
};

/// Compiles `bodies` (their prefixes distinct) as one batch for the emulation, falling back by
/// halves (see the design note); `options` as for a single module (the disk cache, on_compile,
/// which is called once per batch compile), except that a failed batch's folder is removed.
/// Stops falling back once `options.stop_requested` (null: never) says so. Fewer than two bodies:
/// nothing is compiled.
ModuleBatch<EmuModule> compile_emu_batch(const std::vector<BatchBody>& bodies, const BuildOptions& options);

/// The same for a GPU: one run of `nvcc` (GpuModule::toolchain) per batch.
ModuleBatch<GpuModule> compile_gpu_batch(const std::vector<BatchBody>& bodies, const std::string& nvcc, const BuildOptions& options);

}  // namespace tf::cuda
