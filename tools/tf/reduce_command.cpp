#include "tools/tf/reduce_command.h"

#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <iostream>
#include <memory>
#include <optional>
#include <regex>

#include "conformance/suite.h"
#include "driver/ir_session.h"
#include "driver/report.h"
#include "fuzz/campaign/property.h"
#include "fuzz/campaign/reducer.h"
#include "ir/support/json_text.h"
#include "ir/support/regular_file.h"
#include "tools/tf/cli_value.h"
#include "tools/tf/conform_command.h"
#include "tools/tf/ctrl_c.h"
#include "tools/tf/deadline_interrupt.h"

namespace tf::cli {
namespace {

// What one replay of a case file gave: the diagnostics of a text that does not read, or the
// failure of its first failing (or crashed) case: its kind, with the rule id of an `error[ID]` in
// its reason (nullopt when every case passes).
struct Replay {
  std::vector<Diagnostic> bad_input;
  std::optional<std::string> failure;
};

Replay replay(const std::string& text, const std::string& path, const conformance::SuiteOptions& options) {
  conformance::SuiteRun run;
  conformance::run_source(text, path, options, run);
  if (!run.bad_input.empty()) return {std::move(run.bad_input), std::nullopt};
  for (const conformance::CaseOutcome& o : run.outcomes) {
    if (o.status == conformance::CaseOutcome::Status::Crashed) return {{}, "crashed: " + fuzz::failure_kind(o.reason)};
    if (o.status != conformance::CaseOutcome::Status::Failed) continue;
    std::string kind = fuzz::failure_kind(o.reason);
    if (const std::size_t at = o.reason.find("error["); at != std::string::npos)
      kind += " [" + o.reason.substr(at + 6, o.reason.find(']', at) - at - 6) + "]";
    return {{}, kind};
  }
  return {};
}

Diagnostic at_file(const std::string& path, std::string message) {
  Diagnostic d = category_error(DiagCategory::Usage, std::move(message));
  d.location.file = path;
  return d;
}

}  // namespace

Result<fuzz::ReduceResult> reduce_case_file(const std::string& text, const std::string& path, double seconds) {
  conformance::SuiteOptions options;
  options.context = &cli_context();
  attach_backends(options);
  const DeadlineInterrupt deadline(seconds);  // stops a replay still running when the time is up
  Replay first = replay(text, path, options);
  if (deadline.fired())
    return at_file(path, fmt::format("the replay of the file did not end within the time budget of {} s (--time): nothing reduced", seconds));
  if (!first.bad_input.empty()) return std::move(first.bad_input);
  if (!first.failure) return at_file(path, "no case of the file fails: nothing to reduce");
  const std::string kind = *first.failure;
  // A case at a backend level runs the machine model before the backend: undefined behaviour a
  // reduction introduces is a failure of another kind there, so kernels may lose any statement.
  static const std::regex backend_level(R"((^|\n)\s*at\s+cuda-(emu|gpu)\s*(\n|$))");
  fuzz::ReduceOptions how;
  how.kernel_statements = std::regex_search(text, backend_level);
  // A candidate whose replay the deadline stopped failed as "interrupted": it is not kept.
  auto interesting = [&](const std::string& candidate) {
    if (deadline.fired()) return false;
    const Replay r = replay(candidate, path, options);
    return !deadline.fired() && r.bad_input.empty() && r.failure == kind;
  };
  fuzz::ReduceResult result = fuzz::reduce_text(text, interesting, deadline.seconds_left(), how);
  result.failure = kind;
  result.out_of_time = result.out_of_time || deadline.fired();
  return result;
}

int run_reduce(const ReduceRequest& r, std::ostream& out, std::ostream& err) {
  Result<std::string> read = read_regular_file(r.file);
  if (!read) return report_bad_input(read.diagnostics(), err, r.json);
  const std::string& text = *read;
  if (!r.property.empty() && text.find("case \"fuzz/" + r.property + "/") == std::string::npos)
    err << "tf reduce: note: " << r.file << " has no case of property " << r.property << " (reducing its first failing case anyway)\n";
  const CtrlC ctrl_c;
  const Result<fuzz::ReduceResult> reduced = reduce_case_file(text, r.file, r.seconds);
  if (CtrlC::pressed())  // what was reduced so far was judged by replays Ctrl-C cut short: nothing is written
    return report_bad_input({category_error(DiagCategory::Eval, fmt::format("{}: interrupted (Ctrl-C): nothing reduced", r.file))}, err, r.json);
  if (!reduced) return report_bad_input(reduced.diagnostics(), err, r.json);
  const fuzz::ReduceResult& result = *reduced;
  const std::string output = r.output.empty() ? r.file + ".reduced.tfir" : r.output;
  if (output == "-") out << result.text;
  else if (std::optional<Diagnostic> failed = write_file(output, result.text))
    return report_bad_input({*failed}, err, r.json);
  const double ratio = result.lines_after > 0 ? static_cast<double>(result.lines_before) / static_cast<double>(result.lines_after) : 0;
  if (r.json) {
    out << json_text(nlohmann::json{{"file", r.file},         {"output", output},           {"failure", result.failure},
                                    {"lines_before", result.lines_before}, {"lines_after", result.lines_after},
                                    {"tests", result.tests},  {"accepted", result.accepted}, {"seconds", result.seconds},
                                    {"out_of_time", result.out_of_time}})
        << "\n";
  } else if (output != "-") {
    out << fmt::format("{}: {} -> {} code lines ({:.1f}x) in {:.1f} s, {} candidates tried, {} kept{}\n  still failing with: {}\n",
                       r.file, result.lines_before, result.lines_after, ratio, result.seconds, result.tests, result.accepted,
                       result.out_of_time ? " (time budget spent)" : "", result.failure);
    say_wrote(out, output);
  }
  return kExitOk;
}

void add_reduce_command(CLI::App& app, int& exit_code) {
  auto req = std::make_shared<ReduceRequest>();
  CLI::App* cmd = app.add_subcommand(
      "reduce",
      "Reduce a failing case file (a tf fuzz reproducer) to a smaller one that fails the same\n"
      "way: lines dropped, ops replaced by one of their operands, input values zeroed, while\n"
      "the first failing case keeps its failure (its kind and rule id). Replays the file with\n"
      "the same machinery as tf conform (TF_PLANT=NAME replays a planted bug's reproducer).\n"
      "Examples:\n"
      "  tf reduce findings/hir-vs-tir-seed-7-case-1234.tfir --property hir-vs-tir\n"
      "  TF_PLANT=reduce-drops-last tf reduce repro.tfir -o small.tfir --time 60");
  cmd->add_option("file", req->file, "the failing .tfir case file")->required();
  cmd->add_option("--property", req->property, "the property that found it (a check of the case name)");
  cmd->add_option("-o,--output", req->output, "where the reduced file goes (default FILE.reduced.tfir; - for stdout)");
  cmd->add_option("--time", req->seconds, "the time budget in seconds, the replays included (default 300)")
      ->transform(number_in(0, kMaxOptionSeconds, /*lo_open=*/true));
  cmd->add_flag("--json", req->json, "the report as one JSON object");
  cmd->callback([req, &exit_code] { exit_code = run_reduce(*req, std::cout, std::cerr); });
}

}  // namespace tf::cli
