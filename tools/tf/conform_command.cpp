#include "tools/tf/conform_command.h"

#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <memory>
#include <regex>

#include "conformance/case_reader.h"
#include "conformance/case_runner.h"
#include "conformance/rule_catalogue.h"
#include "tools/tf/ir_session.h"
#include "tools/tf/report.h"
#include "ir/text/module_reader.h"
#include "tools/tf/tfir_input.h"

namespace tf::cli {
namespace {

namespace fs = std::filesystem;

// The .tfir files named by `paths` (folders searched recursively), sorted within each folder.
std::vector<std::string> case_files(const std::vector<std::string>& paths, std::vector<Diagnostic>& errors) {
  std::vector<std::string> out;
  for (const std::string& p : paths) {
    std::error_code ec;
    if (fs::is_directory(p, ec)) {
      std::vector<std::string> found;
      for (const auto& entry : fs::recursive_directory_iterator(p, ec))
        if (entry.is_regular_file() && entry.path().extension() == ".tfir") found.push_back(entry.path().string());
      std::sort(found.begin(), found.end());
      out.insert(out.end(), found.begin(), found.end());
    } else if (fs::is_regular_file(p, ec)) {
      out.push_back(p);
    } else {
      Diagnostic d = category_error(DiagCategory::Usage, fmt::format("no such file or folder '{}'", p));
      errors.push_back(std::move(d));
    }
  }
  return out;
}

}  // namespace

int run_conform(const ConformRequest& r, std::ostream& out, std::ostream& err) {
  Result<conformance::RuleCatalogue> rules = conformance::RuleCatalogue::load(r.rules);
  if (!rules.ok()) return report_bad_input(rules.diagnostics(), err, r.json);
  std::regex filter;
  try {
    filter = std::regex(r.filter.empty() ? std::string(".*") : r.filter);
  } catch (const std::regex_error& e) {
    return report_bad_input({category_error(DiagCategory::Usage,
                                            fmt::format("--filter '{}' is not a regular expression: {}",
                                                        r.filter, e.what()))},
                            err, r.json);
  }
  std::vector<Diagnostic> bad;
  const std::vector<std::string> files =
      case_files(r.paths.empty() ? std::vector<std::string>{"conformance/cases"} : r.paths, bad);
  std::size_t passed = 0, failed = 0, skipped = 0;
  nlohmann::ordered_json results = nlohmann::ordered_json::array();
  for (const std::string& path : files) {
    Result<std::string> source = read_source_file(path);
    if (!source.ok()) {
      bad.insert(bad.end(), source.diagnostics().begin(), source.diagnostics().end());
      continue;
    }
    // A case may expect the file's own declarations to fail: read it as far as it goes.
    text::PartialFile parsed = text::read_tfir_partial(*source, path);
    if (!parsed.file) {
      bad.insert(bad.end(), parsed.diagnostics.begin(), parsed.diagnostics.end());
      continue;
    }
    Result<std::vector<conformance::Case>> cases = conformance::read_cases(*parsed.file, &*rules);
    if (!cases.ok()) {
      bad.insert(bad.end(), cases.diagnostics().begin(), cases.diagnostics().end());
      continue;
    }
    const std::vector<Diagnostic> file_diagnostics =
        parsed.diagnostics.empty() ? check_source(*source, path).diagnostics : parsed.diagnostics;
    for (const conformance::Case& c : *cases) {
      if (!std::regex_search(c.name, filter)) continue;
      const conformance::CaseOutcome o = conformance::judge_case(c, file_diagnostics);
      using S = conformance::CaseOutcome::Status;
      (o.status == S::Passed ? passed : o.status == S::Failed ? failed : skipped)++;
      if (r.json) {
        results.push_back({{"name", o.name},
                           {"status", conformance::status_name(o.status)},
                           {"reason", o.reason},
                           {"file", o.location.file},
                           {"line", o.location.line}});
      } else if (o.status == S::Passed) {
        out << "PASS " << o.name << "\n";
      } else {
        out << (o.status == S::Failed ? "FAIL " : "SKIP ") << o.name << ": " << o.reason << " ("
            << o.location.str() << ")\n";
      }
    }
  }
  for (const Diagnostic& d : bad) write_diagnostic(d, err, r.json);
  if (r.json)
    out << nlohmann::ordered_json{{"cases", results},
                                  {"passed", passed},
                                  {"failed", failed},
                                  {"skipped", skipped}}
               .dump()
        << "\n";
  else
    out << fmt::format("{} passed, {} failed, {} skipped\n", passed, failed, skipped);
  if (!bad.empty()) return kExitBadInput;
  return failed > 0 ? kExitCheckFailed : kExitOk;
}

void add_conform_command(CLI::App& app, int& exit_code) {
  auto req = std::make_shared<ConformRequest>();
  CLI::App* cmd = app.add_subcommand(
      "conform",
      "Run the conformance cases of tfir files (`case` blocks, TFIR.md section 7) and say for\n"
      "each whether the implementation follows the spec. Today a case is judged by reading and\n"
      "verifying its file: `expect error RULE.ID` passes when a diagnostic names that rule;\n"
      "cases whose expectations need an evaluator are reported skipped with the reason.\n"
      "Last line: N passed, N failed, N skipped. Exit 0 all pass, 1 a case fails, 2 bad input.\n"
      "Example: tf conform conformance/cases --filter sync/");
  cmd->add_option("paths", req->paths, "case files or folders (default: conformance/cases)");
  cmd->add_option("--filter", req->filter, "run only cases whose name matches this regex");
  cmd->add_option("--rules", req->rules, "the rule catalogue (default: conformance/rules.tsv)");
  cmd->add_flag("--json", req->json, "one JSON object with every case's verdict and the counts");
  cmd->callback([req, &exit_code] { exit_code = run_conform(*req, std::cout, std::cerr); });
}

}  // namespace tf::cli
