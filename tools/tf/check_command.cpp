#include "tools/tf/check_command.h"

#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <iostream>
#include <memory>

#include "ir/text/module_reader.h"
#include "tools/tf/report.h"
#include "tools/tf/tfir_input.h"

namespace tf::cli {
namespace {

// One warning per item the reader skipped: nothing in it was checked.
std::vector<Diagnostic> unchecked_item_warnings(const text::ParsedFile& file) {
  std::vector<Diagnostic> out;
  for (const text::SkippedItem& item : file.items) {
    Diagnostic d = category_error(
        DiagCategory::Parse,
        fmt::format("{} '{}' was not checked: function bodies are not parsed yet",
                    text::item_kind_keyword(item.kind), item.name));
    d.severity = Severity::Warning;
    d.location = item.begin;
    out.push_back(std::move(d));
  }
  return out;
}

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
    Result<std::string> source = read_source_file(path);
    if (!source) {
      unreadable = true;
      diags = source.diagnostics();
    } else {
      Result<text::ParsedFile> file = text::read_tfir(*source, path);
      diags = file ? unchecked_item_warnings(*file) : file.diagnostics();
    }
    for (const Diagnostic& d : diags) {
      write_diagnostic(d, err, r.json);
      if (d.severity == Severity::Error) ++errors;
      if (d.severity == Severity::Warning) ++warnings;
    }
  }
  if (r.json)
    err << nlohmann::ordered_json{{"files_checked", r.files.size()},
                                  {"errors", errors},
                                  {"warnings", warnings}}
               .dump()
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
      "Read tfir files and report every diagnostic, clang style (file:line:col: error[RULE]).\n"
      "Today: the header and the declarations (dim, mesh, layout, atom, entry); each function\n"
      "or case is reported as not checked yet. Exit 0 clean, 1 errors, 2 unreadable file.\n"
      "Example: tf check examples/declarations.tfir");
  cmd->add_option("files", req->files, "tfir files to check")->required();
  cmd->add_flag("--json", req->json,
                "one JSON object per diagnostic and line on stderr, then a summary object");
  cmd->callback([req, &exit_code] { exit_code = run_check(*req, std::cout, std::cerr); });
}

}  // namespace tf::cli
