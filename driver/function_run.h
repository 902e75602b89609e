// driver/: the layer below the front ends (docs/architecture.md). What the `tf` command line
// (tools/tf), the Python module (python/src) and the fuzz targets share, so that each answers
// alike: reading any program file and verifying it (ir_session.h), running one function at a
// level (this header), the evaluation budgets (limit_options.h), the diagnostics' JSON, exit
// codes and checked file writes (report.h), and what a layout means (layout_run.h). No command
// line parsing (CLI11) lives here: each front end parses its own arguments and calls in.
//
// Running one function of a read program at a level: the one entry `tf eval`, `tf run` and the
// Python module (docs/python.md) share, so that "what does @f compute at level L" has one answer.
//  - hir: a func on the HIR evaluator (eval/hir/evaluator.h);
//  - tir: a func lowered (eval/tir/lowered_run.h), then its host entry on the TIR machine model;
//  - emu, gpu: the function (a func lowered first) as emitted CUDA, under the host emulation or
//    on a device (run_backend), with the evaluators' DimVar binding and budgets;
//  - a prim_func runs on the TIR machine model at hir and tir alike.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "eval/tir/tir_evaluator.h"
#include "eval/value/dumped_value.h"
#include "eval/value/npy.h"
#include "eval/value/value.h"
#include "ir/core/module.h"
#include "ir/core/var.h"
#include "ir/support/result.h"

namespace tf::cli {

/// Where and how one function runs.
struct FunctionRunOptions {
  std::string level = "hir";                  ///< hir, tir, emu or gpu (header comment)
  std::map<std::string, std::int64_t> dims;   ///< DimVar values by name (--dim)
  eval::EvalLimits limits;                    ///< memory and step budgets (the evaluators)
  std::uint64_t schedule_seed = 0;            ///< the machine model's thread order (0: lowest first)
  bool trace = false;                         ///< record the machine model's barrier timeline
  bool trace_summary = false;                 ///< with trace: one line per barrier instance
  std::string* trace_out = nullptr;           ///< with trace: the timeline, however the run ends
  eval::tir::MmaMode mma = eval::tir::MmaMode::Exact;
  bool keep_files = false;                    ///< emu, gpu: keep the compiled module's folder (--keep)
  bool check = true;                          ///< emu, gpu: run the machine model first (run_function)
  std::string* kept_dir = nullptr;            ///< emu, gpu with keep_files: written with that folder's path
  std::string cache_dir;                      ///< emu, gpu: the disk cache (cuda::BackendOptions::cache_dir; "": the default)
  /// emu, gpu: called with the compiler's name ("g++", "nvcc") just before a module is compiled
  /// (not when it is found compiled, in this process or the disk cache); null: nothing.
  std::function<void(std::string_view)> on_compile;
  /// hir, tir: where the run's dumped values go (driver/value_dump.h: every binding's value at
  /// hir, the final contents of every allocated tensor and output at tir), filled whether the
  /// run succeeds or fails; null: nothing is recorded. emu and gpu refuse one.
  std::vector<eval::DumpedValue>* dump = nullptr;
  /// With dump: only the bindings of these names (empty: every one); check them first
  /// (value_dump.h's check_dump_names): a name no binding has records nothing.
  std::vector<std::string> dump_names;
};

/// What a run produced: the function's result (one tensor, or a tuple as the func returns it or,
/// for a prim_func with several outputs, in output order) and the timeline when asked for.
struct FunctionRun {
  eval::Value value;
  std::string trace;
};

/// The four level names, in the order of the header comment.
const std::vector<std::string>& run_levels();

/// True for the four level names.
bool is_run_level(const std::string& level);

/// The parameters of `fn` that take inputs, in order (a func's parameters; a prim_func's inputs,
/// eval::tir::input_params). Diagnostic (Usage) when `fn` names no function of `module`.
Result<std::vector<VarRef>> function_inputs(const Module& module, const std::string& fn);

/// The tensor an .npy array stands for as the input of `param` (u8 / u16: raw codes of its dtype;
/// any other array its own values, still to be converted with eval::convert_input, D4); `what`
/// names it in diagnostics. What `tf eval --input NAME=x.npy` and the Python module take.
Result<eval::Tensor> input_from_npy(const eval::NpyView& array, const Var& param, const std::string& what);

/// The rule id of the diagnostic that says a backend's result differs from the machine model's on
/// the same run: a bug of the backend or of the model, never of the program (`tf run` exit 1).
inline constexpr const char* kBackendDiffersRule = "run.backend-differs-from-model";

/// Runs `fn` of `module` at `options.level` on `inputs`, one per function_inputs entry, already
/// converted to their parameters' dtypes (eval::convert_input). Diagnostics: an unknown level or
/// function, the lowering's refusals, and whatever the evaluator or backend reports (undefined
/// behaviour included). At emu and gpu with `options.check` (the default) the TIR machine model
/// runs the same TIR on the same inputs first: what it reports (undefined behaviour, a deadlock)
/// is the run's diagnostic and the backend does not run, so no value of a program without one is
/// shown; then the backend's result must equal the model's bit for bit (its Mma arithmetic:
/// exact for emu, the sm90 model for gpu), else one diagnostic with kBackendDiffersRule names the
/// first differing element.
Result<FunctionRun> run_function(const Module& module, const std::string& fn, std::vector<eval::Tensor> inputs,
                                 const FunctionRunOptions& options);

/// `fn` of `module` (a func lowered first, `is_func`) as emitted CUDA on `backend` ("emu": g++
/// against the host emulation; "gpu": nvcc and a device) on `inputs`: one output, or a tuple.
/// The DimVars are bound as the evaluators bind them (`options.dims` first, then the inputs'
/// extents: a --dim that conflicts with an input is refused with the evaluators' diagnostic); the
/// emulation runs within `options.limits` and stops on Ctrl-C (eval::interrupt_requested); with
/// `options.keep_files` the compiled module's folder is kept and named in `*options.kept_dir`.
/// A func's diagnostic from the backend's run with no place and no function names the func
/// (Diagnostic::function), for place_at_function.
Result<eval::Value> run_backend(const Module& module, const std::string& fn, bool is_func, std::vector<eval::Tensor> inputs,
                                const std::string& backend, const FunctionRunOptions& options = {});

}  // namespace tf::cli
