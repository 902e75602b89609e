#include "tools/tf/check_command.h"

#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <iostream>
#include <memory>

#include "driver/ir_session.h"
#include "driver/report.h"
#include "ir/support/json_text.h"
#include "ir/support/regular_file.h"
#include "ir/upstream/importer.h"
#include "tools/tf/tfir_input.h"

namespace tf::cli {
namespace {

std::string counted(std::size_t n, const char* noun) {
  return fmt::format("{} {}{}", n, noun, n == 1 ? "" : "s");
}

}  // namespace

int run_check(const CheckRequest& r, std::ostream& /*out*/, std::ostream& err) {
  bool unreadable = false;
  std::size_t errors = 0;
  std::size_t warnings = 0;
  for (const std::string& path : r.files) {
    std::vector<Diagnostic> diags;
    Result<std::string> source = upstream::read_program_text(path, cli_context());  // a .py: imported
    if (!source) {
      unreadable = true;
      diags = source.diagnostics();
    } else {
      diags = check_source(*source, path).diagnostics();
    }
    for (const Diagnostic& d : diags) {
      write_diagnostic(d, err, r.json);
      if (d.severity == Severity::Error) ++errors;
      if (d.severity == Severity::Warning) ++warnings;
    }
  }
  if (r.json)
    err << json_text(nlohmann::ordered_json{
               {"files_checked", r.files.size()}, {"errors", errors}, {"warnings", warnings}})
        << '\n';
  else
    err << fmt::format("{} checked, {}, {}\n", counted(r.files.size(), "file"),
                       counted(errors, "error"), counted(warnings, "warning"));
  if (unreadable) return kExitBadInput;
  return errors > 0 ? kExitCheckFailed : kExitOk;
}

void add_check_command(CLI::App& app, int& exit_code) {
  auto req = std::make_shared<CheckRequest>();
  CLI::App* cmd = app.add_subcommand(
      "check",
      "Read tfir files, build every function (func and prim_func bodies) and verify it; report\n"
      "every diagnostic clang style (file:line:col: error[RULE.ID]: message, then the IR path).\n"
      "Exit 0 clean, 1 errors, 2 unreadable file.\n"
      "Example: tf check examples/declarations.tfir");
  cmd->add_option("files", req->files, "tfir files to check")->required();
  cmd->add_flag("--json", req->json,
                "one JSON object per diagnostic and line on stderr, then a summary object");
  cmd->callback([req, &exit_code] { exit_code = run_check(*req, std::cout, std::cerr); });
}

}  // namespace tf::cli
