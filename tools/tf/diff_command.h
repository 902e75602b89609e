// `tf diff FILE [--fn F] --levels hir,tir,emu[,gpu] [--input NAME=VALUE]... [--seed S] [--dim N=V]...
// [--json] [--max-memory B] [--max-steps N]`: which levels disagree? Runs one function at each
// level given (driver/function_run.h's run_function: hir, tir, emu, gpu), on the same inputs, and
// compares their outputs bit for bit (driver/level_diff.h, whose design note has the semantics).
//  - inputs: each --input as `tf eval` reads it (run_arguments.h); an input not given is drawn from
//    --seed S (default 1) as `T random(seed=S + i)`, T its parameter's type and i its position;
//  - emu and gpu run without run_function's own check against the machine model: tf diff compares
//    every level itself. When gpu ran, the machine model also runs with the Mma arithmetic sm90
//    (level tir-sm90, not under test), and gpu is judged against it;
//  - a level that fails (undefined behaviour, a lowering refusal, a budget) is reported with its
//    diagnostics as `tf eval` prints them, and the others are still compared; a level this build
//    or machine cannot run (emu and gpu without the CUDA headers, gpu without nvcc or a device) is
//    skipped with the reason;
//  - the report goes to stdout: per level how its run ended, per output whether the levels agree,
//    their groups of identical bits, the first difference (coordinate, each level's code in hex
//    and its value, ulps) and the levels outside the bound (0 ulps); --json: level_diff_json.
// Exit 0 when the levels that ran agree (within the bound) and none failed where another ran; 1
// when one is outside the bound or failed where another ran (a finding); 2 for bad usage, a file
// that does not read or verify, bad inputs, every level failing, or Ctrl-C; 3 for an internal error.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include "tools/tf/limit_options.h"

namespace CLI {
class App;
}

namespace tf::cli {

/// What `tf diff` is asked (header comment).
struct DiffRequest {
  std::string file;
  std::string function;             ///< --fn (default: the entry, else the last func)
  std::vector<std::string> levels;  ///< --levels, in order: hir, tir, emu, gpu
  std::vector<std::string> inputs;  ///< NAME=VALUE
  std::uint64_t seed = 1;           ///< --seed: draws the inputs not given
  std::vector<std::string> dims;    ///< N=V
  bool json = false;
  LimitOptions limits;  ///< --max-memory, --max-steps (each level's run)
};

/// Runs the request; the report on `out`, diagnostics of bad usage or input on `err`; returns the
/// exit code (header comment).
int run_diff(const DiffRequest& request, std::ostream& out, std::ostream& err);

/// Adds the `diff` subcommand to `app`; its callback stores the exit code in `exit_code`.
void add_diff_command(CLI::App& app, int& exit_code);

}  // namespace tf::cli
