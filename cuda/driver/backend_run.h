// The backends as the conformance runner and the CLI use them: a TIR module's function run as
// emitted CUDA under the host emulation (cuda-emu) or on a GPU (cuda-gpu).
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "cuda/driver/loaded_library.h"
#include "eval/value/eval_limits.h"
#include "eval/value/tensor.h"
#include "ir/core/context.h"
#include "ir/core/module.h"

namespace tf::cuda {

/// How a backend run is bounded and what it leaves behind.
struct BackendOptions {
  /// The emulation's budgets: its steps (cuda/emu/emu.h's EmuBudget: thread starts and
  /// resumptions, barrier and collective arrivals, loop trips) and its host memory (the
  /// workspace, shared arenas and fiber stacks), charged to the caller's eval::MemoryBudgetScope
  /// when one is installed, else to one of `limits.memory_bytes()`.
  eval::EvalLimits limits;
  /// True when the run is to stop (the evaluator's Ctrl-C flag, eval::interrupt_requested); null:
  /// never.
  bool (*stop_requested)() = nullptr;
  /// Keep the compiled module's folder (its source and shared object) and write its path to
  /// `kept_dir`; without it the folder is removed as soon as the module is loaded.
  bool keep_files = false;
  std::string* kept_dir = nullptr;
  /// The disk cache of compiled modules, shared by this user's processes (disk_cache.h): "" its
  /// default folder ($TF_CACHE_DIR, else $XDG_CACHE_HOME/tilefoundry, else
  /// ~/.cache/tilefoundry; TF_CACHE_DIR=off for none), "off" none, else the folder to use.
  std::string cache_dir;
  /// Called with "g++" or "nvcc" just before a module is compiled, never when it comes from a
  /// cache: a terminal's "compiling (g++)..." (null: nothing).
  std::function<void(std::string_view)> on_compile;
};

/// How the backends build a module for a run under `options`: the disk cache, on_compile, the
/// folder kept, the stop flag.
BuildOptions build_options(const BackendOptions& options);

/// Runs `function` of verified TIR `module` on the emulation: a host entry as it is, a device
/// function through the launch lower/'s host-entry pass gives it (its implicit geometry). The
/// module is emitted (cuda/emit), every launch it will make checked with the machine model's
/// launch validator (launch_plan.h), then compiled once per distinct source in this process
/// (module_cache.h; from the disk cache when it holds it). Under a CompileCollector (prefetch.h)
/// it returns collected_outcome() after the plan instead of compiling and running.
/// `inputs` are the function's visible inputs and `outputs` its outputs, allocated with their
/// dtypes and shapes by the caller and written here. Diagnostics: what the emitter does not emit
/// yet, a launch the validator refuses (placed at it), a compiler failure (internal), what a
/// launch reported (a deadlock, a trap, a budget spent, Ctrl-C; placed at the launch).
Result<bool> run_emulated(const Module& module, const std::string& function, const Context& ctx,
                          std::vector<eval::Tensor>& inputs, std::vector<eval::Tensor>& outputs,
                          const BackendOptions& options = {});

/// The translation unit run_emulated and run_on_gpu compile for `function` (its host entry and
/// every kernel it launches), or why it is not emitted.
Result<std::string> emitted_source(const Module& module, const std::string& function, const Context& ctx);

/// True when this build can compile for a GPU (nvcc was found at configure time).
bool gpu_backend_built();

/// Why a run on a GPU cannot happen here ("" when it can): this build found no nvcc, or no device
/// is visible (gpu_devices). What every caller that offers level cuda-gpu says when it skips.
std::string gpu_unavailable();

/// The number of CUDA devices visible to an emitted module (0 without a device, a driver, or
/// gpu_backend_built()); the first call compiles a small probe module (seconds).
int gpu_devices();

/// run_emulated's contract on a GPU: the same launches refused, the same source compiled by nvcc
/// into a loaded module (for the architectures gpu_module.h names), the buffers moved to the
/// device and back (`options`: the disk cache, on_compile and the kept folder). Diagnostic (Eval)
/// when no device is visible; collected like run_emulated's under a CompileCollector otherwise.
Result<bool> run_on_gpu(const Module& module, const std::string& function, const Context& ctx,
                        std::vector<eval::Tensor>& inputs, std::vector<eval::Tensor>& outputs,
                        const BackendOptions& options = {});

}  // namespace tf::cuda
