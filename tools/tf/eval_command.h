// `tf eval FILE [--fn NAME] [--input NAME=VALUE]... [--dim N=V]... [--out DIR] [--print] [--json]
// [--dump-values[=NAME,...]] [--dump-dir DIR]`:
// what does this program compute? Reads and verifies FILE, runs one function through the
// reference evaluator (a func: eval/hir/evaluator.h; a prim_func: the TIR machine model,
// eval/tir/tir_evaluator.h) and shows or writes its outputs.
//  - --schedule SEED, --trace, --mma MODE (prim_funcs): a seeded thread order; the barrier
//    timeline; the Mma arithmetic (exact, sm80, sm90);
//  - --fn: the function (default: the module's entry, else the file's only func);
//  - --input NAME=VALUE, one per parameter: VALUE is a .npy path (raw u8 / u16 codes for the
//    narrow dtypes; other arrays converted with D4, eval/value/npy_boundary.h) or a tensor
//    literal (`Tensor[(2,), f32]{1, 2}`, `Tensor[(8,), f32] random(seed=1)`, a scalar `1.5`);
//    every input is converted to its parameter's dtype at the boundary (D4);
//  - --dim N=V gives a DimVar's value (needed when no input shape binds it);
//  - --out DIR writes one .npy per output: out0.npy, out1.npy, ... in tuple order (nested tuples
//    flattened; a block-scaled output as out<k>.npy plus its planes, npy_boundary.h);
//  - --print (the default without --out) prints each output as a case expectation line,
//    `output = Tensor[(2,), f32]{3, 5}` / `output[1] = ...`, which reads back exactly;
//  - --max-memory, --max-steps (limit_options.h) bound the tensor storage live at once and the
//    op calls, function calls and loop trips; Ctrl-C stops a run at its next step with a diagnostic;
//  - --dump-values[=NAME,...] prints, after the result, the value of every binding of a func (or
//    of the named ones) at each evaluation, inside callees and loop bodies, each labelled with
//    its source place and, when it has several, the call and iteration; of a prim_func the final
//    contents of every alloc_tensor and output (driver/value_dump.h, dumped_values_output.h).
//    A name no binding has is a usage error with the nearest names. --dump-dir DIR writes them
//    as .npy files and DIR/index.tsv instead of printing them (and implies --dump-values);
//  - --json prints {"function", "outputs": [{"name", "dtype", "shape", "values", "bits"}]}, and
//    "values" with --dump-values.
// Exit 0 on success, 2 for bad usage, an unreadable or ill-typed program, bad inputs or an
// evaluation error (every diagnostic with file:line:col, the op, the IR path and the rule id);
// `tf run` exits 1 when the backend's result differs from the machine model's.
#pragma once

#include <ostream>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "eval/value/value.h"
#include "ir/core/module.h"
#include "ir/core/var.h"
#include "ir/support/result.h"
#include "tools/tf/limit_options.h"

namespace CLI {
class App;
}

namespace tf::cli {

struct EvalRequest {
  std::string file;
  std::string function;
  std::vector<std::string> inputs;  ///< NAME=VALUE
  std::vector<std::string> dims;    ///< N=V
  std::string out_dir;
  bool print = false;
  bool json = false;
  LimitOptions limits;  ///< --max-memory, --max-steps
  std::uint64_t schedule_seed = 0;  ///< --schedule SEED (a prim_func's thread order)
  std::string trace;                ///< --trace[=full|summary] (a prim_func's timeline on stderr; empty: none)
  std::string mma = "exact";        ///< --mma exact|sm80|sm90 (a prim_func's Mma arithmetic)
  std::string backend;              ///< `tf run --backend emu|gpu` (empty: the evaluators)
  std::string at = "hir";           ///< `tf eval --at hir|tir`: a func on the HIR evaluator, or lowered on the machine model
  bool keep = false;                ///< `tf run --keep`: keep the compiled module's folder and name it
  bool no_check = false;            ///< `tf run --no-check`: skip the machine model (driver/function_run.h)
  std::string cache;                ///< `tf run --cache DIR`: the disk cache of compiled modules ("": the default)
  /// --dump-values[=NAME,...], one entry per occurrence: "*" (the flag alone) for every binding,
  /// else comma-separated binding names (driver/value_dump.h)
  std::vector<std::string> dump_values;
  std::string dump_dir;             ///< --dump-dir DIR: the dumped values as .npy files and DIR/index.tsv
};

/// Runs the request; outputs on `out`, diagnostics on `err`; returns the exit code.
int run_eval(const EvalRequest& request, std::ostream& out, std::ostream& err);

/// Adds the `eval` subcommand to `app`.
void add_eval_command(CLI::App& app, int& exit_code);
/// Adds the `run` subcommand (eval's inputs and outputs, on a backend) to `app`.
void add_run_command(CLI::App& app, int& exit_code);

}  // namespace tf::cli
