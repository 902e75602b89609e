#include "tools/tf/diff_command.h"

#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>

#include <unistd.h>

#include "driver/function_run.h"
#include "driver/ir_session.h"
#include "driver/level_diff.h"
#include "driver/report.h"
#include "eval/tir/tir_evaluator.h"
#include "eval/value/memory_budget.h"
#include "ir/support/json_text.h"
#include "tools/tf/cli_value.h"
#include "tools/tf/ctrl_c.h"
#include "ir/support/nearest_names.h"
#include "tools/tf/run_arguments.h"
#ifdef TF_HAVE_CUDA_EMU
#include "cuda/driver/backend_run.h"
#endif

namespace tf::cli {
namespace {

// The largest --seed: the input at position i is drawn with seed S + i, and a random literal's
// seed is below 2^63.
constexpr std::uint64_t kMaxSeed = std::uint64_t{1} << 62;

Diagnostic usage(std::string message) {
  return category_error(DiagCategory::Usage, std::move(message));
}

// Writes `diags` as tf eval writes them: kExitInternalError when the first is internal, else
// kExitBadInput.
int fail(const std::vector<Diagnostic>& diags, std::ostream& err, bool json) {
  return report_pipeline_failure(diags, err, json);
}

// --levels as given: each a level, none twice; an unknown one with the nearest level names.
std::optional<Diagnostic> check_levels(const std::vector<std::string>& levels) {
  if (levels.empty()) return usage("--levels: name at least one of hir, tir, emu and gpu");
  for (std::size_t i = 0; i < levels.size(); ++i) {
    const std::string& level = levels[i];
    if (!is_run_level(level)) {
      Diagnostic d = usage(fmt::format("--levels: '{}' is not a level; the levels are hir, tir, emu and gpu", level));
      return suggest_nearest(d, level, run_levels());
    }
    if (std::find(levels.begin(), levels.begin() + static_cast<std::ptrdiff_t>(i), level) !=
        levels.begin() + static_cast<std::ptrdiff_t>(i))
      return usage(fmt::format("--levels: '{}' is given twice", level));
  }
  return std::nullopt;
}

// Why `level` cannot run in this build or on this machine; nullopt when it can.
std::optional<std::string> unavailable_here(const std::string& level) {
  if (level != "emu" && level != "gpu") return std::nullopt;
#ifdef TF_HAVE_CUDA_EMU
  if (level == "emu") return std::nullopt;
  if (std::string why = cuda::gpu_unavailable(); !why.empty()) return why;
  return std::nullopt;
#else
  return std::string("this build has no CUDA headers, so no CUDA backend");
#endif
}

// `fn` run at `options.level`, named `level` in the report: its flattened outputs, or its
// diagnostics placed as tf eval places them.
LevelRun run_level(const text::ReadFile& file, const std::string& fn, const std::vector<eval::Tensor>& inputs,
                   const FunctionRunOptions& options, const std::string& level) {
  LevelRun run;
  run.level = level;
  Result<FunctionRun> result = run_function(*file.module, fn, inputs, options);
  if (result.ok()) {
    run.outputs = flatten_outputs(result->value);
    return run;
  }
  run.status = LevelStatus::Failed;
  run.diagnostics = result.diagnostics();
  for (Diagnostic& d : run.diagnostics) place_at_function(d, file);
  return run;
}

}  // namespace

int run_diff(const DiffRequest& r, std::ostream& out, std::ostream& err) {
  Result<eval::EvalLimits> limits = resolve_limits(r.limits);
  if (!limits.ok()) return fail(limits.diagnostics(), err, r.json);
  if (std::optional<Diagnostic> bad = check_levels(r.levels)) return fail({*bad}, err, r.json);
  // The inputs and every level's values are charged to one budget (memory_budget.h).
  eval::MemoryBudgetScope memory(limits->memory_bytes());
  Result<RunProgram> program = read_run_program(r.file, r.function);
  if (!program.ok()) return fail(program.diagnostics(), err, r.json);
  const text::ReadFile& file = program->file();
  const RunTarget* target = &program->target;
  eval::LiteralContext lc;
  lc.base_dir = std::filesystem::path(r.file).parent_path().string();
  Result<eval::DimValues> dims = read_dim_arguments(r.dims);
  if (!dims.ok()) return fail(dims.diagnostics(), err, r.json);
  lc.dims = *dims;
  Result<std::vector<eval::Tensor>> inputs = read_input_arguments(*target, r.inputs, lc, r.seed);
  if (!inputs.ok()) return fail(inputs.diagnostics(), err, r.json);

  std::vector<LevelRun> runs;
  {
    // Ctrl-C (SIGTERM, SIGHUP) stops the level running at its next step; the others do not run.
    const CtrlC ctrl_c;
    FunctionRunOptions options;
    options.dims = lc.dims;
    options.limits = *limits;
    options.check = false;  // tf diff compares the backends with the machine model itself
    if (&err == &std::cerr && ::isatty(STDERR_FILENO) != 0)  // a compile takes seconds: say so
      options.on_compile = [&err](std::string_view compiler) {
        err << "compiling (" << compiler << ")...\n" << std::flush;
      };
    bool gpu_ran = false;
    for (const std::string& level : r.levels) {
      if (std::optional<std::string> why = unavailable_here(level)) {
        LevelRun skipped;
        skipped.level = level;
        skipped.status = LevelStatus::Skipped;
        skipped.skip_reason = *why;
        runs.push_back(std::move(skipped));
        continue;
      }
      options.level = level;
      runs.push_back(run_level(file, target->name, *inputs, options, level));
      if (CtrlC::pressed()) {
        std::vector<Diagnostic> stopped = runs.back().diagnostics;
        if (stopped.empty()) stopped.push_back(category_error(DiagCategory::Eval, "interrupted (Ctrl-C)"));
        return fail(stopped, err, r.json);
      }
      gpu_ran = gpu_ran || (level == "gpu" && runs.back().status == LevelStatus::Ran);
    }
    if (gpu_ran) {  // the GPU's contract: the machine model's bits in its sm90 Mma arithmetic
      options.level = "tir";
      options.mma = eval::tir::MmaMode::Sm90;
      LevelRun model = run_level(file, target->name, *inputs, options, kGpuModelLevel);
      model.under_test = false;
      if (model.status == LevelStatus::Ran)
        for (LevelRun& run : runs)
          if (run.level == "gpu") run.judged_against = kGpuModelLevel;
      runs.push_back(std::move(model));
    }
  }
  const LevelDiff diff = diff_levels(target->name, std::move(runs));
  if (r.json)
    out << json_text(level_diff_json(diff)) << "\n";
  else
    out << level_diff_text(diff);
  return level_diff_exit_code(diff);
}

void add_diff_command(CLI::App& app, int& exit_code) {
  auto req = std::make_shared<DiffRequest>();
  CLI::App* cmd =
      app.add_subcommand("diff",
                         "Which levels disagree? Run one function of a tfir file at each level given (hir: the HIR\n"
                         "evaluator, the spec's meaning; tir: lowered, on the TIR machine model; emu: emitted CUDA\n"
                         "under the host emulation; gpu: on a CUDA device) on the same inputs, and compare every\n"
                         "output bit for bit. The first level that runs is the reference; every level is bound to\n"
                         "0 ulps of it (gpu: of the machine model in its sm90 Mma arithmetic, run as level tir-sm90).\n"
                         "Per output: whether the levels agree, which levels have identical bits (the reference may\n"
                         "be the wrong one), the first differing element with each level's code, value and ulps, and\n"
                         "the levels outside the bound. A level that fails (undefined behaviour, a lowering refusal)\n"
                         "is reported with its diagnostic and the others are still compared; one this build or\n"
                         "machine cannot run is skipped. Inputs are tf eval's --input; one not given is drawn from\n"
                         "--seed S as `T random(seed=S + i)` (i: the parameter's position). Exit 0 when they agree,\n"
                         "1 when a level is outside the bound or failed where another ran, 2 for bad input.\n"
                         "Examples:\n"
                         "  tf diff examples/contract.tfir --fn scale_add --levels hir,tir,emu\n"
                         "  tf diff prog.tfir --fn f --levels hir,tir,emu,gpu --input x=x.npy --seed 7 --json");
  cmd->add_option("file", req->file, "the tfir file")->required();
  cmd->add_option("--fn", req->function, "the function to run (default: the entry, else the last func)");
  cmd->add_option("--levels", req->levels, "hir,tir,emu,gpu or some of them, in the order to run and report")
      ->required()
      ->delimiter(',');
  cmd->add_option("--input", req->inputs, "NAME=PATH.npy or NAME=LITERAL, as tf eval takes them");
  cmd->add_option("--seed", req->seed, "S: draw each input not given as `T random(seed=S + i)` (default 1)")
      ->transform(unsigned_in(0, kMaxSeed));
  cmd->add_option("--dim", req->dims, "N=V: the value of DimVar N");
  add_limit_options(*cmd, req->limits);
  cmd->add_flag("--json", req->json, "print the report (and diagnostics) as JSON");
  cmd->callback([req, &exit_code] { exit_code = run_diff(*req, std::cout, std::cerr); });
}

}  // namespace tf::cli
