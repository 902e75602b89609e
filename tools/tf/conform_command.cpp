#include "tools/tf/conform_command.h"

#ifdef TF_HAVE_CUDA_EMU
#include "cuda/driver/backend_run.h"
#include "cuda/driver/prefetch.h"
#endif

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <filesystem>
#include <iostream>
#include <memory>

#include <unistd.h>

#include "conformance/rule_catalogue.h"
#include "conformance/suite.h"
#include "driver/ir_session.h"
#include "driver/report.h"
#include "eval/hir/evaluator.h"
#include "tools/tf/cache_option.h"
#include "tools/tf/conform_lines.h"
#include "tools/tf/coverage_command.h"
#include "tools/tf/ctrl_c.h"

namespace tf::cli {
namespace {

namespace fs = std::filesystem;

bool write_text(const std::string& path, const std::string& text, std::vector<Diagnostic>& bad) {
  std::optional<Diagnostic> failed = write_file(path, text);
  if (!failed) return true;
  bad.push_back(std::move(*failed));
  return false;
}

// The project root a rule catalogue belongs to: DIR for DIR/conformance/rules.tsv, else ".".
std::string catalogue_root(const std::string& rules) {
  fs::path p = fs::path(rules).lexically_normal();
  if (p.filename() == "rules.tsv" && p.parent_path().filename() == "conformance") {
    fs::path root = p.parent_path().parent_path();
    return root.empty() ? "." : root.string();
  }
  return ".";
}

}  // namespace

// The catalogue a run uses (ConformRequest::rules): the one given, else conformance/rules.tsv
// in the current folder, else in the nearest folder above the first case path that has one.
std::string catalogue_path(const ConformRequest& r) {
  if (!r.rules.empty()) return r.rules;
  const std::string here = "conformance/rules.tsv";
  std::error_code ec;  // a missing candidate sets it; each check starts afresh
  if (fs::is_regular_file(here, ec) || r.paths.empty()) return here;
  const fs::path start = fs::absolute(r.paths.front(), ec);
  if (ec) return here;
  for (fs::path dir = start.parent_path(); !dir.empty(); dir = dir.parent_path()) {
    if (fs::is_regular_file(dir / here, ec)) return (dir / here).string();
    if (dir == dir.parent_path()) break;
  }
  return {};  // found nowhere
}

void attach_backends(conformance::SuiteOptions& options, const std::string& cache_dir) {
#ifdef TF_HAVE_CUDA_EMU
  // A backend case runs under the suite's budgets, and stops when the evaluators' stop flag is
  // set (Ctrl-C; tf reduce's --time, deadline_interrupt.h).
  cuda::BackendOptions run;
  run.limits = options.limits;
  run.stop_requested = &eval::interrupt_requested;
  run.cache_dir = cache_dir;
  options.emu = [run](const Module& tir, const std::string& entry, std::vector<eval::Tensor>& inputs, std::vector<eval::Tensor>& outputs) {
    return cuda::run_emulated(tir, entry, cli_context(), inputs, outputs, run);
  };
  options.prefetch = cuda::backend_prefetch(run);  // every backend case's module in a few batches
  if (cuda::gpu_backend_built()) {
    options.gpu = [run](const Module& tir, const std::string& entry, std::vector<eval::Tensor>& inputs, std::vector<eval::Tensor>& outputs) {
      return cuda::run_on_gpu(tir, entry, cli_context(), inputs, outputs, run);
    };
    options.gpu_unavailable = [] { return cuda::gpu_unavailable(); };
  }
#endif
}

int run_conform(const ConformRequest& given, std::ostream& out, std::ostream& err) {
  ConformRequest r = given;
  r.rules = catalogue_path(given);
  const bool json_stdout = r.json == "-";
  if (r.rules.empty())
    return report_bad_input(
        {category_error(DiagCategory::Usage,
                        fmt::format("no rule catalogue: conformance/rules.tsv is neither in the "
                                    "current folder nor above '{}'; give --rules FILE",
                                    given.paths.front()))},
        err, json_stdout);
  Result<conformance::RuleCatalogue> rules = conformance::RuleCatalogue::load(r.rules);
  if (!rules.ok()) return report_bad_input(rules.diagnostics(), err, json_stdout);
  conformance::SuiteOptions options;
  Result<conformance::CaseFilter> filter = conformance::CaseFilter::make(r.filter);
  if (!filter.ok()) return report_bad_input(filter.diagnostics(), err, json_stdout);
  options.filter = *filter;
  options.paths = r.paths.empty() ? std::vector<std::string>{"conformance/cases"} : r.paths;
  options.context = &cli_context();
  options.rules = &*rules;
  Result<eval::EvalLimits> limits = resolve_limits(r.limits);
  if (!limits.ok()) return report_bad_input(limits.diagnostics(), err, json_stdout);
  options.limits = *limits;
  options.level = r.at;
  attach_backends(options, r.cache);
  // On a terminal, a live progress line on stderr; the count of cases is read first for it.
  const bool terminal = &err == &std::cerr && ::isatty(STDERR_FILENO) != 0;
  ConformProgress progress(err, terminal, terminal ? count_selected_cases(options) : 0);
  conformance::SuiteTally so_far;
  options.on_case = [&](const conformance::CaseOutcome& o) {
    so_far.count(o.status);
    const bool passed = o.status == conformance::CaseOutcome::Status::Passed;
    if (!json_stdout && !(r.quiet && passed)) {
      progress.hide();
      out << outcome_line(o, r.at) << "\n";
      if (terminal) out << std::flush;  // before the progress line is drawn again
    }
    progress.update(so_far);
  };
  const CtrlC ctrl_c;  // a case running when it is pressed fails as interrupted, and so do the rest
  progress.update(so_far);  // "0/N cases" while the backends' modules compile
  conformance::SuiteRun run = conformance::run_suite(options);
  progress.finish();
  std::vector<Diagnostic>& bad = run.bad_input;
  if (CtrlC::pressed()) bad.push_back(category_error(DiagCategory::Eval, "interrupted (Ctrl-C): the cases after it were not run to their end"));
  const conformance::SuiteTally& ran = run.tally;
  if (bad.empty() && ran.passed + ran.failed + ran.skipped + ran.crashed == 0)  // a typo must not read as a pass
    bad.push_back(category_error(DiagCategory::Usage, r.filter.empty() ? "no case to run: the paths hold no case block"
                                                                      : fmt::format("no case to run: --filter '{}' matches none", r.filter)));
  if (!r.junit.empty() && write_text(r.junit, conformance::junit_xml(run), bad) && !json_stdout)
    say_wrote(out, r.junit);
  if (!r.json.empty()) {
    const std::string doc = conformance::json_report(run);
    if (json_stdout) out << doc;
    else if (write_text(r.json, doc, bad)) say_wrote(out, r.json);
  }
  for (const Diagnostic& d : bad) write_refusal(d, err, json_stdout);
  if (r.coverage && !json_stdout) {
    CoverageRequest cr;
    cr.root = catalogue_root(r.rules);
    cr.rules = r.rules;
    run_coverage(cr, out, err);
  }
  const conformance::SuiteTally& t = run.tally;
  if (!json_stdout)
    out << fmt::format("{} passed, {} failed, {} skipped{}\n", t.passed, t.failed, t.skipped,
                       t.crashed ? fmt::format(", {} crashed", t.crashed) : "");
  if (t.crashed > 0) return kExitInternalError;
  if (!bad.empty()) return kExitBadInput;
  return t.failed > 0 ? kExitCheckFailed : kExitOk;
}

void add_conform_command(CLI::App& app, int& exit_code) {
  auto req = std::make_shared<ConformRequest>();
  CLI::App* cmd = app.add_subcommand(
      "conform",
      "Run the conformance cases of tfir files (`case` blocks, docs/tfir.md section 7) and say for\n"
      "each whether the implementation follows the spec. A case's `expect error RULE.ID` passes\n"
      "when reading, verifying or evaluating reports a diagnostic naming that rule; `expect\n"
      "error type|parse \"text\"` a read / verify error containing the text; at level hir the\n"
      "case's inputs run through the HIR evaluator and `expect output` lines compare the result\n"
      "(exact, NaN equal to NaN; `~ allclose(...)`, `~ ulp(max=K)`) and `expect error eval\n"
      "\"text\"` matches a run-time error. Cases at levels not built yet are reported skipped.\n"
      "A case during which the implementation itself fails a check is reported CRASH with the\n"
      "failed check, and the run goes on. Last line: N passed, N failed, N skipped (, N crashed).\n"
      "Exit 0 all pass, 1 a case fails, 2 bad input, 3 a case crashed.\n"
      "Example: tf conform conformance/cases --filter 'hir/' --junit out.xml --coverage");
  cmd->add_option("paths", req->paths, "case files or folders (default: conformance/cases)");
  cmd->add_option("--filter", req->filter,
                  "run only cases whose name this regex finds (RE2 syntax: linear time, so no "
                  "pattern can hang the run)");
  cmd->add_option("--rules", req->rules,
                  "the rule catalogue (default: conformance/rules.tsv here, else in the nearest "
                  "folder above the first PATH that has one)");
  cmd->add_option("--junit", req->junit, "write a JUnit XML report to FILE");
  cmd->add_option("--json", req->json, "write a JSON report to FILE (`-`: stdout, instead of the case lines)");
  add_limit_options(*cmd, req->limits);
  add_cache_option(*cmd, req->cache);
  cmd->add_flag("--quiet,-q", req->quiet, "print only failed and skipped cases and the summary");
  cmd->add_option("--at", req->at,
                  "run every case at this level instead of its own, e.g. `--at lowered` runs HIR cases through the "
                  "lowering and compares with the HIR evaluator; a PASS line then says `(at LEVEL)`, or `(not run at "
                  "LEVEL)` for a case decided by reading and verifying")
      ->check(CLI::IsMember({"hir", "tir", "lowered", "cuda-emu", "cuda-gpu"}));
  cmd->add_flag("--coverage", req->coverage,
                "print the catalogue's rule coverage per seed document and rule kind");
  cmd->callback([req, &exit_code] { exit_code = run_conform(*req, std::cout, std::cerr); });
}

}  // namespace tf::cli
