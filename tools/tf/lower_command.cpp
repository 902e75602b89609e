#include "tools/tf/lower_command.h"

#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <fstream>
#include <iostream>
#include <memory>

#include "lower/pipeline.h"
#include "tools/tf/ir_session.h"
#include "tools/tf/report.h"
#include "tools/tf/tfir_input.h"

namespace tf::cli {

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
  if (!lowered.ok()) return report_pipeline_failure(lowered.diagnostics(), err, r.json);
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
      "  tf lower prog.tfir --dump-after hir-to-tir");
  cmd->add_option("file", req->file, "the tfir file")->required();
  cmd->add_option("--fn", req->function, "lower only this function and the functions it calls");
  cmd->add_option("-o,--output", req->output, "write the lowered module here instead of printing it");
  cmd->add_option("--dump-after", req->dump_after,
                  "print the module to stderr after this pass of the pipeline (or all); another name is refused");
  cmd->add_option("--pipeline", req->pipeline, "the passes to run, in order (default: all of them)")->delimiter(',');
  cmd->add_flag("--json", req->json, "diagnostics as JSON lines");
  cmd->callback([req, &exit_code] { exit_code = run_lower(*req, std::cout, std::cerr); });
}

}  // namespace tf::cli
