#include "tools/tf/eval_command.h"

#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>

#include <unistd.h>

#include "driver/binding_names.h"
#include "driver/function_run.h"
#include "driver/ir_session.h"
#include "driver/report.h"
#include "driver/value_dump.h"
#include "eval/hir/evaluator.h"
#include "eval/tir/lowered_run.h"
#include "eval/tir/tir_evaluator.h"
#include "eval/value/literal.h"
#include "eval/value/memory_budget.h"
#include "eval/value/npy.h"
#include "eval/value/npy_boundary.h"
#include "eval/value/tensor_json.h"
#include "eval/value/tensor_text.h"
#include "ir/hir/function.h"
#include "ir/support/json_text.h"
#include "ir/text/decimal.h"
#include "ir/type/tensor_type.h"
#include "ir/type/type_print.h"
#include "tools/tf/cache_option.h"
#include "tools/tf/ctrl_c.h"
#include "tools/tf/dumped_values_output.h"
#include "tools/tf/limit_options.h"
#include "tools/tf/npy_files.h"
#include "tools/tf/cli_value.h"
#include "tools/tf/run_arguments.h"
#include "tools/tf/tfir_input.h"

namespace tf::cli {
namespace {

namespace fs = std::filesystem;

Diagnostic usage(std::string message) { return category_error(DiagCategory::Usage, std::move(message)); }

// Writes `diags` in report.h's one voice: when the program `ran`, a diagnostic of what it did
// (undefined behaviour, an evaluation error) is the answer and is written as tf check writes a
// program's diagnostics; every other one (before the run, or a usage or internal error of the
// run) is a refusal. kExitInternalError when one is an internal error (a bug of tf's, such as an
// emitted module g++ refuses), kExitCheckFailed when the backend differs from the model, else
// kExitBadInput.
int fail(std::vector<Diagnostic> diags, std::ostream& err, bool json, bool ran = false) {
  bool internal = false, differs = false;
  for (const Diagnostic& d : diags) {
    const bool answer = ran && d.category != DiagCategory::Usage && d.category != DiagCategory::Internal;
    if (answer) write_diagnostic(d, err, json);
    else write_refusal(d, err, json);
    internal = internal || d.category == DiagCategory::Internal;
    differs = differs || d.rule_id == kBackendDiffersRule;  // the backend or the model is wrong: a failed check
  }
  return internal ? kExitInternalError : differs ? kExitCheckFailed : kExitBadInput;
}

// Writes DIR/out0.npy, ... (a block-scaled output: one file per plane) and says each on `said`
// (say_wrote; null: says nothing); false, with the diagnostic in `errors`, when one cannot be
// written.
bool write_outputs(const std::vector<std::pair<std::string, eval::Tensor>>& outputs, const std::string& dir,
                   std::vector<Diagnostic>& errors, std::ostream* said) {
  std::error_code ec;
  fs::create_directories(dir, ec);
  for (std::size_t k = 0; k < outputs.size(); ++k) {
    Result<std::vector<std::string>> written =
        write_tensor_npy(outputs[k].second, dir, fmt::format("out{}", k),
                         fmt::format("{} {}", outputs[k].first, eval::literal_type_text(outputs[k].second)), said);
    if (!written.ok()) {
      errors.insert(errors.end(), written.diagnostics().begin(), written.diagnostics().end());
      return false;
    }
  }
  return true;
}

// The bindings --dump-values and --dump-dir ask for: nullopt when neither is given, else their
// names (empty: every binding; --dump-dir alone, or --dump-values without a value, asks for
// every one). Diagnostic (Usage) for an empty name in a list.
Result<std::optional<std::vector<std::string>>> requested_dump(const EvalRequest& r) {
  using Names = std::optional<std::vector<std::string>>;
  if (r.dump_values.empty() && r.dump_dir.empty()) return Names();
  std::vector<std::string> names;
  bool every = r.dump_values.empty();
  for (const std::string& given : r.dump_values) {
    if (given == "*") {
      every = true;
      continue;
    }
    for (std::size_t start = 0;;) {
      const std::size_t comma = given.find(',', start);
      const std::string name = given.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
      if (name.empty())
        return usage(fmt::format("--dump-values={}: an empty binding name (give NAME,NAME,... or no value for every binding)",
                                 given));
      if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
      if (comma == std::string::npos) break;
      start = comma + 1;
    }
  }
  if (every) names.clear();
  return Names(std::move(names));
}

// Shows the dumped values (dumped_values_output.h): .npy files and the index with --dump-dir,
// said on `out` unless `r.json`; else, without --json (whose document holds them), one line each
// on `out`. The diagnostics of a file that cannot be written.
std::vector<Diagnostic> show_dump(const std::vector<eval::DumpedValue>& values, const EvalRequest& r, std::ostream& out) {
  if (!r.dump_dir.empty()) return write_dumped_values(values, r.dump_dir, r.json ? nullptr : &out);
  if (!r.json) print_dumped_values(values, out);
  return {};
}

// The level the request runs at (driver/function_run.h): tf run's backend, else tf eval's --at.
std::string level_of(const EvalRequest& r) { return r.backend.empty() ? r.at : r.backend; }

}  // namespace

int run_eval(const EvalRequest& r, std::ostream& out, std::ostream& err) {
  Result<eval::EvalLimits> limits = resolve_limits(r.limits);
  if (!limits.ok()) return fail(limits.diagnostics(), err, r.json);
  // Inputs and every value of the evaluation are charged to one budget (memory_budget.h).
  eval::MemoryBudgetScope memory(limits->memory_bytes());
  // A prim_func runs on the TIR machine model, a func on the HIR evaluator (run_arguments.h).
  Result<RunProgram> program = read_run_program(r.file, r.function);
  if (!program.ok()) return fail(program.diagnostics(), err, r.json);
  const text::ReadFile& file = program->file();
  const RunTarget* target = &program->target;
  const tf::tir::PrimFunction* prim = target->prim;
  const std::string fn_name = target->name;
  if (!eval::tir::mma_mode_from_name(r.mma))
    return fail({usage("--mma '" + r.mma + "': the modes are exact, sm80 and sm90")}, err, r.json);
  if (prim == nullptr && (!r.trace.empty() || r.schedule_seed != 0 || r.mma != "exact"))
    return fail({usage("--trace, --schedule and --mma run a prim_func on the TIR machine model; @" + fn_name + " is a func")}, err, r.json);
  // --dump-values=NAME,...: every name must be a binding the run can dump (checked before the run).
  Result<std::optional<std::vector<std::string>>> dump = requested_dump(r);
  if (!dump.ok()) return fail(dump.diagnostics(), err, r.json);
  if (*dump && !(*dump)->empty()) {
    Result<std::vector<BindingName>> known = dumpable_bindings_at(*file.module, fn_name, level_of(r));
    if (!known.ok()) return fail(known.diagnostics(), err, r.json);
    std::vector<Diagnostic> unknown = check_dump_names(**dump, *known, fn_name, "--dump-values");
    if (!unknown.empty()) return fail(unknown, err, r.json);
  }
  std::vector<eval::DumpedValue> dumped;

  eval::LiteralContext lc;
  lc.base_dir = fs::path(r.file).parent_path().string();
  Result<eval::DimValues> dims = read_dim_arguments(r.dims);
  if (!dims.ok()) return fail(dims.diagnostics(), err, r.json);
  lc.dims = *dims;
  Result<std::vector<eval::Tensor>> read = read_input_arguments(*target, r.inputs, lc);
  if (!read.ok()) return fail(read.diagnostics(), err, r.json);
  std::vector<eval::Tensor> inputs = *read;

  Result<FunctionRun> result = [&] {
    // Ctrl-C (SIGTERM, SIGHUP) stops the evaluation at its next step with a diagnostic (and the
    // usual exit), and a backend's compile folder is removed.
    const CtrlC ctrl_c;
    FunctionRunOptions options;
    options.level = level_of(r);
    options.dims = lc.dims;
    options.limits = *limits;
    options.schedule_seed = r.schedule_seed;
    options.trace = !r.trace.empty();
    options.trace_summary = r.trace == "summary";
    options.mma = *eval::tir::mma_mode_from_name(r.mma);
    std::string kept;
    options.keep_files = r.keep;
    options.cache_dir = r.cache;
    options.check = !r.no_check;
    options.kept_dir = &kept;
    if (*dump) {
      options.dump = &dumped;
      options.dump_names = **dump;
    }
    if (!r.backend.empty() && &err == &std::cerr && ::isatty(STDERR_FILENO) != 0)  // a compile takes seconds: say so
      options.on_compile = [&err](std::string_view compiler) { err << "compiling (" << compiler << ")...\n" << std::flush; };
    std::string timeline;  // kept however the run ends: an undefined run's is the one to read
    options.trace_out = &timeline;
    Result<FunctionRun> v = run_function(*file.module, fn_name, std::move(inputs), options);
    if (!r.trace.empty()) err << timeline;
    if (!kept.empty()) err << fmt::format("kept the emitted source and the compiled module in {}\n", kept);
    return v;
  }();
  if (!result.ok()) {
    std::vector<Diagnostic> ds = result.diagnostics();
    for (Diagnostic& d : ds) place_at_function(d, file);
    if (*dump && !dumped.empty()) {  // the values that led to the failure
      std::vector<Diagnostic> unwritten = show_dump(dumped, r, out);
      ds.insert(ds.end(), unwritten.begin(), unwritten.end());
    }
    return fail(ds, err, r.json, /*ran=*/true);
  }
  if (!r.backend.empty() && r.no_check)
    err << "note: --no-check: the TIR machine model did not run, so these values are unchecked (a racy or "
           "deadlocking kernel prints numbers too)\n";
  const std::vector<std::pair<std::string, eval::Tensor>> outputs = flatten_outputs(result->value);
  std::vector<Diagnostic> errors;
  if (!r.out_dir.empty() && !write_outputs(outputs, r.out_dir, errors, r.json ? nullptr : &out))
    return fail(errors, err, r.json);
  if (r.json) {
    nlohmann::ordered_json doc{{"function", fn_name}, {"outputs", nlohmann::ordered_json::array()}};
    for (const auto& [name, t] : outputs) {
      nlohmann::ordered_json o{{"name", name}};
      const nlohmann::json fields = eval::tensor_json(t);  // items() must not outlive it
      for (const auto& [k, v] : fields.items()) o[k] = v;
      doc["outputs"].push_back(o);
    }
    if (*dump) doc["values"] = dumped_values_json(dumped);
    out << json_text(doc) << "\n";
  } else if (r.print || r.out_dir.empty()) {
    for (const auto& [name, t] : outputs) out << name << " = " << eval::tensor_literal(t) << "\n";
  }
  if (*dump) {
    errors = show_dump(dumped, r, out);
    if (!errors.empty()) return fail(errors, err, r.json);
  }
  return kExitOk;
}

namespace {

// The options `tf eval` and `tf run` share: the file, the function, its inputs and dims, where
// the outputs go, and the budgets.
void add_run_options(CLI::App& cmd, EvalRequest& req) {
  cmd.add_option("file", req.file, "the tfir file")->required();
  cmd.add_option("--fn", req.function, "the function to run (default: the entry, else the last func)");
  cmd.add_option("--input", req.inputs, "NAME=PATH.npy or NAME=LITERAL, one per parameter");
  cmd.add_option("--dim", req.dims, "N=V: the value of DimVar N");
  cmd.add_option("--out", req.out_dir, "write out0.npy, out1.npy, ... into this folder");
  add_limit_options(cmd, req.limits);
}

}  // namespace

void add_eval_command(CLI::App& app, int& exit_code) {
  auto req = std::make_shared<EvalRequest>();
  CLI::App* cmd = app.add_subcommand(
      "eval",
      "Run a function of a tfir file through the reference evaluator: what does this program\n"
      "compute? A func runs on the HIR evaluator, a prim_func on the TIR machine model (grids of\n"
      "CTAs of threads; a race, an out-of-bounds or uninitialized access, a divergent barrier or\n"
      "a deadlock is reported as undefined behaviour: ub.race, ...). Each input parameter gets\n"
      "--input NAME=VALUE, a .npy file (raw u8 / u16 codes for fp8 / fp6 / fp4 / e8m0 / bf16)\n"
      "or a literal (docs/tfir.md); inputs convert to the\n"
      "parameter dtype at the boundary (D4). Outputs print as case expectation lines that read\n"
      "back exactly, or go to DIR/out0.npy, out1.npy, ... with --out. --dump-values shows, after\n"
      "the result, how it was computed: the value of every binding of a func at each evaluation\n"
      "(in callees and loop bodies too, labelled with the call and the iteration), or the final\n"
      "contents of every alloc_tensor and output of a prim_func, each with its source place.\n"
      "Ctrl-C stops a run cleanly with a diagnostic.\n"
      "Examples:\n"
      "  tf eval examples/contract.tfir --fn scale_add --input 'x=Tensor[(2, 8), f32] random(seed=1)' \\\n"
      "      --input 'y=Tensor[(2, 8), f32] splat(0.5)'\n"
      "  tf eval prog.tfir --fn f --input x=x.npy --dim N=16 --out results/\n"
      "  tf eval examples/contract.tfir --fn fib --input 'x=Tensor[(1,), f32]{1}' --dump-values   # c at each i\n"
      "  tf eval prog.tfir --fn f --input x=x.npy --dump-values=t,s --dump-dir values/\n"
      "  tf eval examples/contract.tfir --fn main --input 'a=Tensor[(128, 12), f32] random(seed=1)' --trace\n"
      "  tf eval conformance/cases/tir/smem_exchange.tfir --fn rotate_unsynced \\\n"
      "      --input 'a=Tensor[(128,), f32] random(seed=3)'     # error[ub.race] ..., exit 2");
  add_run_options(*cmd, *req);
  cmd->add_option("--schedule", req->schedule_seed,
                  "SEED: run a prim_func's threads in a seeded random order instead of lowest first "
                  "(a race-free program gives the same result under every seed)")
      ->transform(unsigned_in(0, UINT64_MAX));
  cmd->add_option("--mma", req->mma,
                  "exact|sm80|sm90: how a prim_func's Mma adds its products: the correctly rounded exact sum "
                  "(default), or the Ampere / Hopper tensor-core models (truncating alignment, "
                  "docs/tir-semantics.md)");
  cmd->add_flag("--trace{full}", req->trace,
                "print a prim_func's timeline of launches, barrier and collective arrivals (who waits "
                "for whom) on stderr, also when the run ends in undefined behaviour or a deadlock (then "
                "with the barriers that never complete); --trace=summary: one line per barrier instance "
                "and who took part instead of one per arrival")
      ->check(CLI::IsMember({"full", "summary"}));
  cmd->add_flag("--dump-values{*}", req->dump_values,
                "after the result, print every binding as FILE:LINE:COL NAME = LITERAL: of a func each "
                "`name = ...` at each evaluation (in callees and loop bodies too, `NAME (@g call 2, i=3)` "
                "where it has several), of a prim_func the final contents of every alloc_tensor and output "
                "(a run that fails prints those it reached); --dump-values=a,b: only those bindings");
  cmd->add_option("--dump-dir", req->dump_dir,
                  "DIR: write the dumped values (every binding, or those of --dump-values=a,b) as DIR/NAME.npy, "
                  "NAME.2.npy, ... and DIR/index.tsv (place, name, where, type, files, note) instead of "
                  "printing them");
  cmd->add_option("--at", req->at,
                  "hir|tir: a func on the HIR evaluator (default), or lowered (the default pipeline of tf lower) "
                  "and its host entry run on the TIR machine model; --dump-values then shows the lowered "
                  "kernel's memory")
      ->check(CLI::IsMember({"hir", "tir"}));
  cmd->add_flag("--print", req->print, "print the outputs (the default without --out)");
  cmd->add_flag("--json", req->json, "print the outputs and diagnostics as JSON (and the dumped values as \"values\")");
  cmd->callback([req, &exit_code] { exit_code = run_eval(*req, std::cout, std::cerr); });
}

}  // namespace tf::cli

namespace tf::cli {

void add_run_command(CLI::App& app, int& exit_code) {
  auto req = std::make_shared<EvalRequest>();
  req->backend = "emu";
  CLI::App* cmd = app.add_subcommand(
      "run",
      "Run a function of a tfir file as emitted CUDA on a backend, with tf eval's inputs and\n"
      "outputs: a func is lowered first (tf lower), the TIR emitted (tf emit), compiled and\n"
      "run. --backend emu compiles with the host's C++ compiler (clang++, else g++) against\n"
      "the host emulation (one fiber per GPU thread; a deadlock or a trap is reported with\n"
      "the CTA and thread); --backend gpu compiles the same source with nvcc and runs it on a\n"
      "CUDA device (an error without one).\n"
      "The TIR machine model (tf eval of the lowered file) runs the same TIR on the same inputs\n"
      "first: undefined behaviour or a deadlock it reports is the answer (exit 2, its diagnostic)\n"
      "and nothing is compiled; then the backend's outputs must equal the model's bit for bit\n"
      "(Mma arithmetic: exact for emu, the sm90 model for gpu), else the first differing element\n"
      "is reported and the exit is 1 (a bug of the backend or of the model). --no-check skips the\n"
      "model and says so. --max-steps bounds the emulation's thread starts, barrier arrivals and\n"
      "loop trips, --max-memory its device memory and thread stacks; Ctrl-C stops it.\n"
      "Examples:\n"
      "  tf run examples/contract.tfir --fn main --input 'a=Tensor[(128, 12), f32] random(seed=1)'\n"
      "  tf run prog.tfir --fn f --input x=x.npy --out results/");
  add_run_options(*cmd, *req);
  cmd->add_option("--backend", req->backend, "emu (default) or gpu");
  cmd->add_flag("--no-check", req->no_check,
                "do not run the TIR machine model first: print the backend's values unchecked (a racy or deadlocking "
                "kernel then prints numbers too)");
  add_cache_option(*cmd, req->cache);
  cmd->add_flag("--keep", req->keep,
                "keep the folder the emitted source is compiled in (printed on stderr); without it the folder is removed "
                "once the module is loaded (a compiler failure keeps it and names it)");
  cmd->add_flag("--print", req->print, "print the outputs (the default without --out)");
  cmd->add_flag("--json", req->json, "print the outputs and diagnostics as JSON");
  cmd->callback([req, &exit_code] { exit_code = run_eval(*req, std::cout, std::cerr); });
}

}  // namespace tf::cli
