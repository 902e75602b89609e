#include "tools/tf/emit_command.h"

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <fstream>
#include <iostream>
#include <memory>
#include <optional>

#include "cuda/emit/emitter.h"
#include "driver/ir_session.h"
#include "driver/report.h"
#include "ir/hir/function.h"
#include "lower/launch_target.h"
#include "lower/pipeline.h"
#include "tools/tf/tfir_input.h"

namespace tf::cli {

int run_emit(const EmitRequest& r, std::ostream& out, std::ostream& err) {
  const std::optional<lower::CudaTarget> target = lower::parse_cuda_target(r.target);
  if (!target)
    return report_bad_input({category_error(DiagCategory::Usage, fmt::format("--target {}: a CUDA target is spelled sm_XY (sm_80, sm_90, sm_120)", r.target))},
                            err, r.json);
  CheckedFile checked = check_source_file(r.file);
  if (!checked.file || !checked.verify_errors.empty()) return report_bad_input(checked.diagnostics(), err, r.json);
  ModuleRef module = checked.file->module;
  if (!r.function.empty()) {
    Result<ModuleRef> one = lower::with_callees(*module, r.function);
    if (!one.ok()) return report_bad_input(one.diagnostics(), err, r.json);
    module = *one;
  }
  bool has_hir = false;
  for (const FunctionRef& f : module->functions()) has_hir = has_hir || f->is<hir::Function>();
  if (has_hir) {
    Result<std::unique_ptr<lower::PassManager>> pm = lower::make_pipeline(lower::default_pipeline(), {});
    if (!pm.ok()) return report_bad_input(pm.diagnostics(), err, r.json);
    Result<ModuleRef> lowered = (*pm)->run(module, cli_context());
    if (!lowered.ok()) return report_pipeline_failure(lowered.diagnostics(), err, r.json);
    module = *lowered;
  }
  cuda::EmitOptions options;
  options.target = *target;
  Result<std::string> source = cuda::emit_module(*module, options);
  if (!source.ok()) return report_bad_input(source.diagnostics(), err, r.json);
  return write_text_output(*source, r.output, out, err);
}

void add_emit_command(CLI::App& app, int& exit_code) {
  auto req = std::make_shared<EmitRequest>();
  CLI::App* cmd = app.add_subcommand(
      "emit",
      "Write a module as one CUDA C++ translation unit: each kernel a function on the project's\n"
      "device runtime (cuda/runtime), each statement one line with its tfir in a comment, a\n"
      "launch shim per kernel and an extern \"C\" tf_entry_NAME per host entry. The same source\n"
      "compiles with nvcc for a GPU and with clang++ (else g++) against the host emulation\n"
      "(cuda/emu). HIR functions are lowered first (the default pipeline of `tf lower`). A\n"
      "construct the emitter does not emit yet is refused with a diagnostic naming it (exit 2).\n"
      "Examples:\n"
      "  tf emit examples/contract.tfir --fn scale_add\n"
      "  tf emit prog.tfir -o prog.cu && nvcc -arch=sm_90 -I. -c prog.cu\n"
      "  tf emit prog.tfir --target sm_80   (a launch with a cluster is refused: sm_80 has none)");
  cmd->add_option("file", req->file, "the tfir file (HIR or TIR)")->required();
  cmd->add_option("--fn", req->function, "emit only this function and what it calls");
  cmd->add_option("-o,--output", req->output, "write the source here instead of printing it");
  cmd->add_option("--target", req->target,
                  "the CUDA target (sm_80, sm_90, ...) whose launch limits the host entries' launches must meet: a "
                  "cluster or launch attribute it does not support is refused (default sm_90)");
  cmd->add_flag("--json", req->json, "diagnostics as JSON lines");
  cmd->callback([req, &exit_code] { exit_code = run_emit(*req, std::cout, std::cerr); });
}

}  // namespace tf::cli
