// The TIR reference evaluator: a machine model of grids, CTAs, warps and threads
// (docs/tir-semantics.md, "Execution").
//
// Design note. evaluate_prim_function runs a verified PrimFunction on input tensors. A host
// function runs on one host thread, and each of its Launch statements runs a grid; a device
// function runs as the implicit launch of seed 002 (grid and block from its meshes). Every GPU
// thread is its own resumable interpreter with an explicit frame stack (machine.h); a scheduler
// runs one thread until it blocks on a barrier or a collective, or exits. Values are views over
// buffers (view.h) and every access goes through the shadow state that detects races
// (race_detector.h), out-of-bounds and uninitialized reads; undefined behaviour stops the run
// with a Diagnostic whose rule id is its kind (ub_kind.h), naming the threads and statements.
// Arithmetic goes through the HIR evaluator's handlers (those of eval::eval_context(), with the
// registry that names the HIR ops), the project's one definition of every operation and rounding.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string_view>
#include <string>
#include <vector>

#include "eval/tir/thread_position.h"
#include "eval/value/eval_limits.h"
#include "eval/value/tensor.h"
#include "ir/core/module.h"
#include "ir/support/result.h"
#include "ir/tir/binding_stmts.h"
#include "ir/tir/launch_check.h"
#include "ir/tir/prim_function.h"

namespace tf::eval::tir {

/// How Mma adds its products (docs/tir-semantics.md, "Mma"; mma_arith.h).
enum class MmaMode : std::uint8_t {
  Exact,  ///< per output element, the correctly rounded sum of C and the exact products
  Sm80,   ///< Ampere tensor cores: two fused steps of 8, truncation to 24 fraction bits
  Sm90,   ///< Hopper tensor cores: one fused step of 16, truncation to 25 fraction bits
};

/// "exact", "sm80", "sm90".
const char* mma_mode_name(MmaMode mode);
/// The mode spelled `name`, or nullopt.
std::optional<MmaMode> mma_mode_from_name(std::string_view name);

/// The device whose limits a launch must respect (grid-barrier co-residency, dynamic shared
/// memory): the launch validator's, which every backend enforces too (ir/tir/launch_check.h).
using DeviceModel = tf::tir::DeviceModel;

struct View;

/// A tensor a thread has just allocated: the `let` of an alloc_tensor, run by one thread
/// (TirEvalOptions::on_allocation). `view` is the whole allocation (view.h): a shared or global
/// buffer one per CTA or per launch (each thread that runs the let sees the same buffer), a
/// register tensor the thread's own; holding it keeps the buffer, whose contents are final once
/// the run has ended (allocation_recorder.h reads them then).
struct AllocationEvent {
  const tf::tir::LetStmt& let;
  const std::shared_ptr<const View>& view;
  ThreadPos thread;              ///< who ran it
  std::uint64_t launch = 0;      ///< which launch of the run (1, 2, ... in launch order; the host's included)
  std::uint64_t call_path = 0;   ///< the chain of device calls it ran in (the same id for the same chain)
};

/// Settings of one TIR evaluation.
struct TirEvalOptions {
  std::map<std::string, std::int64_t> dims;  ///< DimVar values given by the user, by name
  EvalLimits limits;                     ///< memory and step budgets
  std::uint64_t schedule_seed = 0;       ///< 0: lowest runnable thread first; else seeded random
  MmaMode mma = MmaMode::Exact;
  DeviceModel device;
  bool trace = false;                    ///< record the barrier / collective timeline
  /// With `trace`: one line per barrier or collective instance (who took part) instead of one
  /// per arrival, so that the timeline of a 128-thread block stays readable.
  bool trace_summary = false;
  /// With `trace`: where the timeline is written however the run ends. A run that ends in
  /// undefined behaviour or a deadlock has no TirRun, and its timeline is what a reader needs.
  std::string* trace_out = nullptr;
  /// Track happens-before and report races (the other checks always run). Off only to measure
  /// what the detector costs (bench/); a run without it can compute a racy program's value.
  bool check_races = true;
  /// Called after each `let` of an alloc_tensor by each thread that runs it (AllocationEvent:
  /// `tf eval --dump-values` of a prim_func); may be empty, which costs nothing more.
  std::function<void(const AllocationEvent&)> on_allocation;
};

/// What a run produced.
struct TirRun {
  std::vector<Tensor> outputs;  ///< one per output parameter
  std::string trace;            ///< the timeline when options.trace (empty otherwise)
  std::int64_t thread_statements = 0;  ///< statements executed, summed over threads
};

/// Runs `fn` of `module` on `inputs`: one tensor per input parameter (the parameters before the
/// outputs, hidden `<p>_shape_<k>` scalars excepted: those are filled from the tensors' shapes).
/// Diagnostics: wrong inputs (count, rank, extent, dtype kind), run-time errors, and undefined
/// behaviour (ub_kind.h).
Result<TirRun> evaluate_prim_function(const Module& module, const tf::tir::PrimFunction& fn,
                                      std::vector<Tensor> inputs, const TirEvalOptions& options);

/// The function a run names: `name`, else the module's entry (its `entry` line, else its last
/// function). A prim_func among them runs on this evaluator, a func on the HIR one.
Result<FunctionRef> function_to_run(const Module& module, const std::string& name);

/// The parameters of `fn` that take inputs, in order (non-outputs, hidden shape scalars
/// excepted).
std::vector<VarRef> input_params(const tf::tir::PrimFunction& fn);

}  // namespace tf::eval::tir
