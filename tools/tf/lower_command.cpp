#include "tools/tf/lower_command.h"

#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <fstream>
#include <iostream>
#include <memory>

#include "driver/ir_session.h"
#include "driver/report.h"
#include "lower/pipeline.h"
#include "lower/hir_to_tir.h"
#include "tools/tf/tfir_input.h"

namespace tf::cli {

namespace {

// What CUDA gives one thread: 255 32-bit registers before the compiler spills to local memory,
// and 512 KiB of local memory (the emitter refuses more).
constexpr std::int64_t kRegisterBytes = 255 * 4;
constexpr std::int64_t kLocalMemoryBytes = std::int64_t{512} << 10;

// `tf lower --explain`: per HIR function, the strategy it got, why each earlier one did not
// apply, its launch geometry and (when it lowered) what one thread holds in registers.
void explain(const std::vector<lower::FunctionStrategy>& strategies, const Module* lowered, std::ostream& out) {
  for (const lower::FunctionStrategy& s : strategies) {
    out << fmt::format("{}: {} ({})\n", s.function, lower::strategy_name(s.choice.strategy), s.choice.geometry());
    for (const auto& [strategy, why] : s.choice.passed_over)
      out << fmt::format("  not {}: {}\n", lower::strategy_name(strategy), why);
    const auto* kernel = lowered != nullptr ? function_as<tf::tir::PrimFunction>(lowered->find(s.function + "_kernel")) : nullptr;
    if (kernel == nullptr) continue;
    const std::optional<std::int64_t> bytes = lower::register_bytes_per_thread(*kernel);
    if (!bytes) {
      out << "  registers: unbounded (an extent without a largest value)\n";
      continue;
    }
    out << fmt::format("  registers: at most {} bytes of tensors in one thread of @{}\n", *bytes, kernel->name());
    if (*bytes > kLocalMemoryBytes)
      out << "  warning: more than the 512 KiB of local memory a CUDA thread has; tf emit refuses it\n";
    else if (*bytes > kRegisterBytes)
      out << fmt::format("  warning: more than a thread's 255 registers ({} bytes); the compiled kernel spills to local "
                         "memory\n",
                         kRegisterBytes);
  }
}

}  // namespace

int run_lower(const LowerRequest& r, std::ostream& out, std::ostream& err) {
  CheckedFile checked = check_source_file(r.file);
  if (!checked.file || !checked.verify_errors.empty()) return report_bad_input(checked.diagnostics(), err, r.json);
  const text::ReadFile& file = *checked.file;
  ModuleRef module = file.module;
  if (!r.function.empty()) {
    Result<ModuleRef> one = lower::with_callees(*module, r.function);
    if (!one.ok()) return report_bad_input(one.diagnostics(), err, r.json);
    module = *one;
  }
  lower::PassOptions options;
  options.dump_after = r.dump_after;
  options.dump = [&](std::string_view pass, const Module& m) {
    err << fmt::format("// ----- after {} -----\n", pass) << text::print_derived_module(file, m);
  };
  options.module_text = [&](const Module& m) { return text::print_derived_module(file, m); };
  Result<std::unique_ptr<lower::PassManager>> pm =
      lower::make_pipeline(r.pipeline.empty() ? lower::default_pipeline() : r.pipeline, options);
  if (!pm.ok()) return report_bad_input(pm.diagnostics(), err, r.json);
  Result<ModuleRef> lowered = (*pm)->run(module, cli_context());
  if (r.explain) {
    const std::vector<std::string>& names = r.pipeline.empty() ? lower::default_pipeline() : r.pipeline;
    const bool mma_atom = std::find(names.begin(), names.end(), "hir-to-tir-mma") != names.end();
    Result<std::vector<lower::FunctionStrategy>> strategies = lower::explain_strategies(*module, cli_context(), mma_atom);
    if (strategies.ok()) explain(*strategies, lowered.ok() ? lowered->get() : nullptr, out);
  }
  if (!lowered.ok()) return report_pipeline_failure(lowered.diagnostics(), err, r.json);
  if (r.explain && r.output.empty()) return 0;
  const std::string text = text::print_derived_module(file, **lowered);
  return write_text_output(text, r.output, out, err);
}

void add_lower_command(CLI::App& app, int& exit_code) {
  auto req = std::make_shared<LowerRequest>();
  std::string passes;
  for (const auto& p : lower::all_passes()) passes += fmt::format("\n  {:<18} {}", p->name(), p->summary());
  CLI::App* cmd = app.add_subcommand(
      "lower",
      "Lower a tfir file's HIR functions to TIR and print the module: each func NAME becomes a\n"
      "CUDA kernel NAME_kernel and a host entry NAME with the same parameters and trailing\n"
      "outputs, so `tf eval` of the lowered NAME takes the inputs the HIR NAME took and gives\n"
      "the same outputs (docs/lowering.md); a dispatch prototype becomes a host DispatchCall\n"
      "over its variants, each lowered under its own name. An op without a lowering rule is\n"
      "refused at its binding (exit 2); the module is verified after each pass that changed\n"
      "it, and a pass that breaks it is an internal error naming the pass (exit 3).\n"
      "Passes:" + passes + "\n"
      "Examples:\n"
      "  tf lower examples/contract.tfir --fn scale_add\n"
      "  tf lower prog.tfir -o prog.lowered.tfir && tf eval prog.lowered.tfir --fn f --input x=x.npy\n"
      "  tf lower prog.tfir --dump-after hir-to-tir\n"
      "  tf lower prog.tfir --explain");
  cmd->add_option("file", req->file, "the tfir file")->required();
  cmd->add_option("--fn", req->function, "lower only this function and the functions it calls");
  cmd->add_option("-o,--output", req->output, "write the lowered module here instead of printing it");
  cmd->add_option("--dump-after", req->dump_after,
                  "print the module to stderr after this pass of the pipeline (or all); another name is refused");
  cmd->add_option("--pipeline", req->pipeline, "the passes to run, in order (default: all of them)")->delimiter(',');
  cmd->add_flag("--json", req->json, "diagnostics as JSON lines");
  cmd->add_flag("--explain", req->explain,
                "say how each HIR function lowers instead of printing the module (with -o, write it too): the strategy "
                "it got (sharded, grid, mma, serial; docs/lowering.md), why each strategy tried before did not apply, "
                "the launch geometry, and the register tensors one thread holds, with a warning past 255 registers");
  cmd->callback([req, &exit_code] { exit_code = run_lower(*req, std::cout, std::cerr); });
}

}  // namespace tf::cli
